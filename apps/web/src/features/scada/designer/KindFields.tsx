import type { Element, WriteBack } from '@fleet/scada-model';
import { Row as AntRow, Button, Col, Flex, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { runAll } from './actions';
import { BoolField, ColorField, NumberField, Row, SelectField, TextField } from './fields';
import { PointPicker } from './PointPicker';
import { orthogonalRoute } from './palette-items';
import { useDesigner, useDoc } from './store';
import { WriteEditor } from './WriteEditor';

type Of<K extends Element['kind']> = Extract<Element, { kind: K }>;

/** A pipe's or line's joints (relative to its frame): edit, add after, remove; or route orthogonally. */
function Joints({
  el,
  update,
}: {
  el: Of<'pipe'> | Of<'line'>;
  update: (p: Record<string, unknown>) => void;
}) {
  const { t } = useTranslation();
  const pts = el.points;
  const setPt = (i: number, k: 'x' | 'y', v: number) =>
    update({ points: pts.map((p, j) => (j === i ? { ...p, [k]: v } : p)) });
  const route = () => {
    const a = pts[0]!;
    const b = pts.at(-1)!;
    const r = orthogonalRoute(
      { x: el.frame.x + a.x, y: el.frame.y + a.y },
      { x: el.frame.x + b.x, y: el.frame.y + b.y },
    );
    return r;
  };
  return (
    <Row label={t('scada.designer.props.joints')}>
      <Flex vertical gap={2} data-testid="sd-joints">
        {pts.map((p, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: joints are positional
          <Flex key={i} gap={2} align="center">
            <InputNumber
              size="small"
              value={p.x}
              onChange={(v) => typeof v === 'number' && setPt(i, 'x', v)}
              style={{ width: 80 }}
              aria-label={`x${i + 1}`}
            />
            <InputNumber
              size="small"
              value={p.y}
              onChange={(v) => typeof v === 'number' && setPt(i, 'y', v)}
              style={{ width: 80 }}
              aria-label={`y${i + 1}`}
            />
            {el.kind === 'pipe' ? (
              <>
                <Button
                  size="small"
                  aria-label={t('scada.designer.props.addJoint')}
                  onClick={() =>
                    update({ points: [...pts.slice(0, i + 1), { x: p.x + 20, y: p.y }, ...pts.slice(i + 1)] })
                  }
                >
                  +
                </Button>
                <Button
                  size="small"
                  disabled={pts.length <= 2}
                  aria-label={t('scada.designer.props.removeJoint')}
                  onClick={() => update({ points: pts.filter((_, j) => j !== i) })}
                >
                  −
                </Button>
              </>
            ) : null}
          </Flex>
        ))}
        {el.kind === 'pipe' ? (
          <Button
            size="small"
            data-testid="sd-route"
            onClick={() => {
              const r = route();
              update({ points: r.points, __frame: r.frame });
            }}
          >
            {t('scada.designer.props.routeOrthogonal')}
          </Button>
        ) : null}
      </Flex>
    </Row>
  );
}

/** The fields of an element's own kind (DESIGN 12's element table). */
export function KindFields({ id, el }: { id: string; el: Element }) {
  const { t } = useTranslation();
  const pageId = useDesigner((s) => s.pageId);
  const doc = useDoc();
  const P = (k: string) => t(`scada.designer.props.${k}`);
  const update = (props: Record<string, unknown>) => {
    const { __frame, ...rest } = props as { __frame?: { x: number; y: number; w: number; h: number } };
    runAll(
      [
        // The frame first: a resize may scale the joints, which the new points then replace.
        ...(__frame ? [{ type: 'resizeElement' as const, page: pageId, id, frame: __frame }] : []),
        { type: 'updateElement', page: pageId, id, props: rest },
      ],
      'props',
    );
  };
  const color = (k: string, allowNone = true) => (
    <Row label={P(k)}>
      <ColorField
        value={(el as Record<string, unknown>)[k] as string | undefined}
        label={P(k)}
        allowNone={allowNone}
        onChange={(v) => update({ [k]: v })}
        testId={`sd-prop-${k}`}
      />
    </Row>
  );
  const num = (k: string, min?: number, max?: number, step?: number) => (
    <Row label={P(k)}>
      <NumberField
        value={(el as Record<string, unknown>)[k] as number | undefined}
        min={min}
        max={max}
        step={step}
        label={P(k)}
        onChange={(v) => update({ [k]: v })}
        testId={`sd-prop-${k}`}
      />
    </Row>
  );
  const text = (k: string, multiline = false) => (
    <Row label={P(k)}>
      <TextField
        value={(el as Record<string, unknown>)[k] as string | undefined}
        multiline={multiline}
        label={P(k)}
        onChange={(v) => update({ [k]: v })}
        testId={`sd-prop-${k}`}
      />
    </Row>
  );
  const pick = <T extends string>(k: string, values: readonly T[]) => (
    <Row label={P(k)}>
      <SelectField
        value={(el as Record<string, unknown>)[k] as T | undefined}
        label={P(k)}
        options={values.map((v) => ({ value: v, label: t(`scada.designer.opt.${v}`) }))}
        onChange={(v) => update({ [k]: v })}
        testId={`sd-prop-${k}`}
      />
    </Row>
  );
  const write = (w: WriteBack) => <WriteEditor write={w} onChange={(next) => update({ write: next })} />;
  const half = (a: React.ReactNode, b: React.ReactNode) => (
    <AntRow gutter={8}>
      <Col span={12}>{a}</Col>
      <Col span={12}>{b}</Col>
    </AntRow>
  );

  switch (el.kind) {
    case 'rectangle':
      return (
        <>
          {color('fill')}
          {color('stroke')}
          {half(num('strokeWidth', 0, 100), num('radius', 0, 16384))}
        </>
      );
    case 'ellipse':
      return (
        <>
          {color('fill')}
          {color('stroke')}
          {num('strokeWidth', 0, 100)}
        </>
      );
    case 'line':
      return (
        <>
          {color('stroke', false)}
          {num('strokeWidth', 0, 100)}
          {pick('arrow', ['none', 'start', 'end', 'both'] as const)}
          <Joints el={el} update={update} />
        </>
      );
    case 'pipe':
      return (
        <>
          {color('stroke', false)}
          {color('liquid', false)}
          {num('strokeWidth', 0, 100)}
          {pick('flow', ['none', 'forward', 'reverse'] as const)}
          <Joints el={el} update={update} />
        </>
      );
    case 'text':
      return (
        <>
          {text('text', true)}
          {color('color', false)}
          {half(num('fontSize', 1, 500), pick('align', ['start', 'center', 'end'] as const))}
          <BoolField
            value={el.bold}
            label={P('bold')}
            onChange={(bold) => update({ bold: bold || undefined })}
          />
        </>
      );
    case 'image':
      return (
        <>
          {text('src')}
          {pick('fit', ['contain', 'cover', 'fill'] as const)}
        </>
      );
    case 'symbol':
      return (
        <>
          <Row label={P('symbol')}>
            <code>{el.symbol}</code>
          </Row>
          {color('fill')}
        </>
      );
    case 'gauge':
      return (
        <>
          {pick('style', ['dial', 'bar'] as const)}
          <Row label={P('point')}>
            <PointPicker value={el.point} onChange={(point) => update({ point })} />
          </Row>
          {half(num('min'), num('max'))}
          {num('decimals', 0, 10)}
        </>
      );
    case 'trend':
      return (
        <>
          {el.series.map((s, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: series are positional
            <div key={i} style={{ borderLeft: `3px solid ${s.color}`, paddingLeft: 6, marginBottom: 6 }}>
              <PointPicker
                value={s.point}
                onChange={(point) =>
                  update({ series: el.series.map((x, j) => (j === i ? { ...x, point } : x)) })
                }
              />
              <Flex gap={4} style={{ marginTop: 4 }}>
                <ColorField
                  value={s.color}
                  label={P('color')}
                  onChange={(color) =>
                    color && update({ series: el.series.map((x, j) => (j === i ? { ...x, color } : x)) })
                  }
                />
                <Button
                  size="small"
                  disabled={el.series.length <= 1}
                  onClick={() => update({ series: el.series.filter((_, j) => j !== i) })}
                >
                  {P('removeSeries')}
                </Button>
              </Flex>
            </div>
          ))}
          <Button
            size="small"
            disabled={el.series.length >= 8}
            onClick={() =>
              update({ series: [...el.series, { point: el.series[0]!.point, color: '#fa8c16' }] })
            }
          >
            {P('addSeries')}
          </Button>
          {num('windowSeconds', 60, 7 * 86400, 60)}
          {half(num('min'), num('max'))}
        </>
      );
    case 'button':
      return (
        <>
          {text('label')}
          {write(el.write)}
        </>
      );
    case 'switch':
      return (
        <>
          {half(text('onLabel'), text('offLabel'))}
          {write(el.write)}
        </>
      );
    case 'numericInput':
      return (
        <>
          {half(num('min'), num('max'))}
          {num('step', 0.0001)}
          {write(el.write)}
        </>
      );
    case 'link':
      return (
        <>
          {text('label')}
          <Row label={P('target')}>
            <SelectField
              value={el.to.kind === 'page' ? `page:${el.to.page}` : 'route'}
              label={P('target')}
              options={[
                ...doc.pageOrder.map((p) => ({ value: `page:${p}`, label: doc.pages[p]?.name || p })),
                { value: 'route', label: P('route') },
              ]}
              onChange={(v) =>
                update({
                  to:
                    v === 'route'
                      ? { kind: 'route', path: '/dashboard' }
                      : { kind: 'page', page: v.slice(5) },
                })
              }
              testId="sd-prop-target"
            />
          </Row>
          {el.to.kind === 'route' ? (
            <Row label={P('route')}>
              <TextField
                value={el.to.path}
                label={P('route')}
                onChange={(path) => update({ to: { kind: 'route', path } })}
              />
            </Row>
          ) : null}
        </>
      );
    case 'group':
      return null;
  }
}
