import type { Element } from '@fleet/scada-model';
import { Row as AntRow, Col, Divider, Empty, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { runAll } from './actions';
import { BoolField, ColorField, NumberField, Row, TextField } from './fields';
import { KindFields } from './KindFields';
import { elementLabel } from './LayersPanel';
import { useDesigner, usePage } from './store';

/** The page's own settings (nothing selected): name, canvas size and background. */
function CanvasFields() {
  const { t } = useTranslation();
  const page = usePage();
  const pageId = useDesigner((s) => s.pageId);
  const P = (k: string) => t(`scada.designer.props.${k}`);
  const set = (canvas: Record<string, unknown>) =>
    runAll([{ type: 'setCanvas', page: pageId, canvas }], 'canvas');
  return (
    <Form layout="vertical" size="small" data-testid="sd-canvas-props">
      <Typography.Title level={5}>{P('page')}</Typography.Title>
      <Row label={P('pageName')}>
        <TextField
          value={page.name}
          label={P('pageName')}
          max={200}
          onChange={(name) =>
            name.trim() && runAll([{ type: 'renamePage', id: pageId, name: name.trim() }], 'rename-page')
          }
        />
      </Row>
      <AntRow gutter={8}>
        <Col span={12}>
          <Row label={P('width')}>
            <NumberField
              value={page.canvas.w}
              min={1}
              max={16384}
              label={P('width')}
              onChange={(w) => w && set({ w })}
              testId="sd-canvas-w"
            />
          </Row>
        </Col>
        <Col span={12}>
          <Row label={P('height')}>
            <NumberField
              value={page.canvas.h}
              min={1}
              max={16384}
              label={P('height')}
              onChange={(h) => h && set({ h })}
              testId="sd-canvas-h"
            />
          </Row>
        </Col>
      </AntRow>
      <Row label={P('background')}>
        <ColorField
          value={page.canvas.background}
          label={P('background')}
          onChange={(background) => background && set({ background })}
        />
      </Row>
      <Typography.Text type="secondary">{t('scada.designer.props.nothingSelected')}</Typography.Text>
    </Form>
  );
}

/** Position, size, rotation and the flags every element has. */
function CommonFields({ id, el }: { id: string; el: Element }) {
  const { t } = useTranslation();
  const pageId = useDesigner((s) => s.pageId);
  const P = (k: string) => t(`scada.designer.props.${k}`);
  const f = el.frame;
  const update = (props: Record<string, unknown>) =>
    runAll([{ type: 'updateElement', page: pageId, id, props }], 'props');
  const frame = (patch: Partial<typeof f>) =>
    runAll(
      [{ type: 'resizeElement', page: pageId, id, frame: { x: f.x, y: f.y, w: f.w, h: f.h, ...patch } }],
      'frame',
    );
  const num = (k: 'x' | 'y' | 'w' | 'h') => (
    <Col span={6}>
      <Row label={k.toUpperCase()}>
        <NumberField
          value={f[k]}
          min={k === 'w' || k === 'h' ? 0 : -16384}
          max={16384}
          label={P(k)}
          onChange={(v) => v !== undefined && frame({ [k]: v })}
          testId={`sd-prop-${k}`}
        />
      </Row>
    </Col>
  );
  return (
    <>
      <Row label={P('name')}>
        <TextField
          value={el.name}
          label={P('name')}
          max={200}
          onChange={(name) => update({ name: name.trim() || undefined })}
          testId="sd-prop-name"
        />
      </Row>
      <AntRow gutter={4}>
        {num('x')}
        {num('y')}
        {num('w')}
        {num('h')}
      </AntRow>
      <AntRow gutter={8}>
        <Col span={12}>
          <Row label={P('rotation')}>
            <NumberField
              value={f.rotation}
              min={-360}
              max={360}
              label={P('rotation')}
              onChange={(rotation) =>
                runAll([{ type: 'rotateElement', page: pageId, id, rotation: rotation ?? 0 }], 'rotate')
              }
              testId="sd-prop-rotation"
            />
          </Row>
        </Col>
        <Col span={12}>
          <Row label={P('opacity')}>
            <NumberField
              value={el.opacity ?? 1}
              min={0}
              max={1}
              step={0.1}
              label={P('opacity')}
              onChange={(o) => update({ opacity: o === undefined || o === 1 ? undefined : o })}
            />
          </Row>
        </Col>
      </AntRow>
      <BoolField value={el.hidden} label={P('hidden')} onChange={(v) => update({ hidden: v || undefined })} />
      <BoolField
        value={el.locked}
        label={P('locked')}
        onChange={(v) => update({ locked: v || undefined })}
        testId="sd-prop-locked"
      />
    </>
  );
}

/** The selected element's properties (its kind's own fields below the common ones), or the page's. */
export function PropertyPanel() {
  const { t } = useTranslation();
  const page = usePage();
  const selection = useDesigner((s) => s.selection);
  if (selection.length === 0) return <CanvasFields />;
  if (selection.length > 1)
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('scada.designer.props.many', { count: selection.length })}
      />
    );
  const id = selection[0]!;
  const el = page.elements[id];
  if (!el) return null;
  return (
    <Form layout="vertical" size="small" data-testid="sd-props" data-kind={el.kind}>
      <Typography.Title level={5} ellipsis>
        {elementLabel(id, el, t)}
      </Typography.Title>
      <CommonFields id={id} el={el} />
      <Divider style={{ margin: '8px 0' }} />
      <KindFields id={id} el={el} />
    </Form>
  );
}
