import '../custom-screens.css';
import type { CustomScreenDocument, CustomWidgetKind, ScreenWidget, SeriesFunction } from '@fleet/contracts';
import { CUSTOM_WIDGET_KINDS, SERIES_FUNCTIONS } from '@fleet/contracts';
import {
  Alert,
  App,
  Button,
  ColorPicker,
  Empty,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Select,
  Space,
  Spin,
  Tag,
  Typography,
} from 'antd';
import { type PointerEvent as ReactPointerEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../shared/api/errors';
import { LoadError } from '../../../shared/components/LoadError';
import { useCustomScreen } from '../api/custom-screen';
import { useCustomScreenMutations } from '../api/custom-screen-mutations';
import { PointSelect } from '../components/PointSelect';
import { FitCanvas } from '../components/ScreenViewer';
import { useScreenValues } from '../components/use-screen-values';
import { ScreenSurface } from '../components/widgets';
import {
  addWidget,
  clampFrame,
  newWidget,
  removeWidget,
  screenPointIds,
  THEMES,
  updateWidget,
} from '../lib/document';

const PREVIEW = { kind: 'preview' } as const;
const WINDOWS = [300, 900, 3600, 6 * 3600, 86_400, 7 * 86_400];

/** The canvas scale of the element's FitCanvas (screen pixels per canvas pixel). */
const scaleOf = (element: Element) =>
  Number((element.closest('[data-scale]') as HTMLElement | null)?.dataset.scale ?? 1) || 1;

/**
 * The custom screen designer (issue 23 item 2): a palette of widgets, the canvas (drag to move, the
 * corner handle resizes), the selected widget's properties, the canvas' background and theme; saves with
 * the version it loaded (a conflict offers a reload).
 */
export default function CustomScreenDesignerPage() {
  const id = Number(useParams().id);
  const query = useCustomScreen(id);
  if (query.error) return <LoadError testId="cs-design-error" onRetry={() => void query.refetch()} />;
  if (!query.data) return <Spin style={{ display: 'block', padding: 80 }} />;
  return <Designer key={`${query.data.id}:${query.data.version}`} initial={query.data} />;
}

function Designer({
  initial,
}: {
  initial: { id: number; name: string; version: number; document: CustomScreenDocument; published: boolean };
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { update } = useCustomScreenMutations();
  const [doc, setDoc] = useState(initial.document);
  const [version, setVersion] = useState(initial.version);
  const [dirty, setDirty] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  const [adding, setAdding] = useState<CustomWidgetKind | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const change = (next: CustomScreenDocument) => {
    setDoc(next);
    setDirty(true);
  };

  const ids = useMemo(() => screenPointIds(doc), [doc]);
  const { values } = useScreenValues(PREVIEW, ids, true);
  const env = useMemo(
    () => ({ source: PREVIEW, values, theme: THEMES[doc.canvas.theme] }),
    [values, doc.canvas.theme],
  );

  const save = async () => {
    try {
      const saved = await update.mutateAsync({ id: initial.id, document: doc, version, notify: false });
      setVersion(saved.version);
      setDirty(false);
      message.success(t('customScreens.designer.saved'));
    } catch (error) {
      if (error instanceof ApiError && error.msgKey === 'screen.staleVersion') setConflict(error.message);
      else message.error(error instanceof Error ? error.message : String(error));
    }
  };

  const widget = selected ? doc.widgets[selected] : undefined;

  return (
    <div data-testid="cs-designer">
      <Flex justify="space-between" align="center" style={{ marginBottom: 12 }}>
        <Space>
          <Button onClick={() => navigate('/monitorScreen/custom')} data-testid="cs-back">
            {t('customScreens.designer.back')}
          </Button>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {initial.name}
          </Typography.Title>
          <Tag>{t('customScreens.versionTag', { version })}</Tag>
          {dirty ? <Tag color="orange">{t('customScreens.designer.unsaved')}</Tag> : null}
        </Space>
        <Space>
          <Button onClick={() => window.open(`/monitorScreen/custom/${initial.id}`, '_blank', 'noopener')}>
            {t('customScreens.open')}
          </Button>
          <Button type="primary" loading={update.isPending} onClick={() => void save()} data-testid="cs-save">
            {t('customScreens.designer.save')}
          </Button>
        </Space>
      </Flex>
      <div className="cs-design">
        <div className="cs-design-panel">
          <Typography.Text strong>{t('customScreens.designer.palette')}</Typography.Text>
          <Flex vertical gap={6} style={{ marginTop: 8 }}>
            {CUSTOM_WIDGET_KINDS.map((kind) => (
              <Button key={kind} block onClick={() => setAdding(kind)} data-testid={`cs-add-${kind}`}>
                {t(`customScreens.kinds.${kind}`)}
              </Button>
            ))}
          </Flex>
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, fontSize: 12 }}>
            {t('customScreens.designer.addHint')}
          </Typography.Paragraph>
        </div>
        <div className="cs-design-canvas" data-testid="cs-design-canvas">
          <FitCanvas w={doc.canvas.w} h={doc.canvas.h}>
            <div
              onPointerDown={() => setSelected(null)}
              style={{ width: doc.canvas.w, height: doc.canvas.h }}
            >
              <ScreenSurface
                doc={doc}
                env={env}
                renderWidget={(w, content) => (
                  <>
                    {content}
                    <DragHandle
                      widget={w}
                      selected={w.id === selected}
                      canvas={doc.canvas}
                      onSelect={() => setSelected(w.id)}
                      onFrame={(frame) => change(updateWidget(doc, { ...w, frame }))}
                    />
                  </>
                )}
              />
            </div>
          </FitCanvas>
        </div>
        <div className="cs-design-panel" data-testid="cs-properties">
          {widget ? (
            <WidgetProperties
              key={widget.id}
              widget={widget}
              onChange={(w) => change(updateWidget(doc, w))}
              onDelete={() => {
                change(removeWidget(doc, widget.id));
                setSelected(null);
              }}
            />
          ) : (
            <CanvasProperties doc={doc} onChange={change} />
          )}
        </div>
      </div>
      <Modal
        open={adding !== null}
        title={
          adding ? t('customScreens.designer.addTitle', { kind: t(`customScreens.kinds.${adding}`) }) : ''
        }
        footer={null}
        onCancel={() => setAdding(null)}
        destroyOnHidden
      >
        <Typography.Paragraph>
          {t(
            adding === 'alarms'
              ? 'customScreens.designer.pickDeviceFirst'
              : 'customScreens.designer.pickPointFirst',
          )}
        </Typography.Paragraph>
        <PointSelect
          testId="cs-add"
          deviceOnly={adding === 'alarms'}
          onPick={(pointId) => {
            if (!adding) return;
            const count = doc.order.length;
            const w = newWidget(doc, adding, pointId, {
              x: 40 + (count % 6) * 300,
              y: 40 + Math.floor(count / 6) * 320,
            });
            w.frame = clampFrame(w.frame, doc.canvas);
            change(addWidget(doc, w));
            setSelected(w.id);
            setAdding(null);
          }}
        />
      </Modal>
      <Modal
        open={conflict !== null}
        title={t('customScreens.designer.conflictTitle')}
        okText={t('customScreens.designer.reload')}
        onOk={() => window.location.reload()}
        onCancel={() => setConflict(null)}
      >
        <Alert type="warning" showIcon message={conflict} data-testid="cs-conflict" />
        <Typography.Paragraph style={{ marginTop: 12 }}>
          {t('customScreens.designer.conflictBody')}
        </Typography.Paragraph>
      </Modal>
    </div>
  );
}

/** Selects on click, moves on drag; the corner handle resizes. Coordinates are canvas pixels. */
function DragHandle({
  widget,
  selected,
  canvas,
  onSelect,
  onFrame,
}: {
  widget: ScreenWidget;
  selected: boolean;
  canvas: { w: number; h: number };
  onSelect: () => void;
  onFrame: (frame: ScreenWidget['frame']) => void;
}) {
  const drag = useRef<{ x: number; y: number; scale: number; mode: 'move' | 'resize' } | null>(null);
  const [preview, setPreview] = useState<ScreenWidget['frame'] | null>(null);
  const frame = preview ?? widget.frame;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a stored frame (after the drop) ends the preview
  useEffect(() => setPreview(null), [widget.frame]);
  const start = (mode: 'move' | 'resize') => (e: ReactPointerEvent<HTMLDivElement>) => {
    e.stopPropagation();
    onSelect();
    (e.target as HTMLElement).setPointerCapture(e.pointerId);
    drag.current = { x: e.clientX, y: e.clientY, scale: scaleOf(e.currentTarget), mode };
  };
  const move = (e: ReactPointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    const dx = (e.clientX - d.x) / d.scale;
    const dy = (e.clientY - d.y) / d.scale;
    const f = widget.frame;
    setPreview(
      clampFrame(
        d.mode === 'move' ? { ...f, x: f.x + dx, y: f.y + dy } : { ...f, w: f.w + dx, h: f.h + dy },
        canvas,
      ),
    );
  };
  const end = () => {
    drag.current = null;
    if (preview) onFrame(preview);
  };
  const offset = { left: frame.x - widget.frame.x, top: frame.y - widget.frame.y };
  return (
    <div
      className={`cs-select${selected ? ' selected' : ''}`}
      data-testid={`cs-select-${widget.id}`}
      style={{ ...offset, width: frame.w, height: frame.h, right: 'auto', bottom: 'auto' }}
      onPointerDown={start('move')}
      onPointerMove={move}
      onPointerUp={end}
    >
      {selected ? (
        <div
          className="cs-resize"
          data-testid={`cs-resize-${widget.id}`}
          onPointerDown={start('resize')}
          onPointerMove={move}
          onPointerUp={end}
        />
      ) : null}
    </div>
  );
}

function PointTags({ ids, onRemove }: { ids: readonly number[]; onRemove?: (id: number) => void }) {
  const { values } = useScreenValues(PREVIEW, ids, false);
  return (
    <Flex gap={4} wrap>
      {ids.map((id) => {
        const p = values.get(id);
        return (
          <Tag
            key={id}
            closable={Boolean(onRemove)}
            onClose={() => onRemove?.(id)}
            data-testid="cs-point-tag"
          >
            {p ? `${p.device_title} · ${p.name}` : `#${id}`}
          </Tag>
        );
      })}
    </Flex>
  );
}

function WidgetProperties({
  widget,
  onChange,
  onDelete,
}: {
  widget: ScreenWidget;
  onChange: (w: ScreenWidget) => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Form layout="vertical" size="small">
      <Typography.Text strong>{t(`customScreens.kinds.${widget.kind}`)}</Typography.Text>
      <Form.Item label={t('customScreens.designer.title')} style={{ marginTop: 8 }}>
        <Input
          value={widget.title}
          maxLength={200}
          onChange={(e) => onChange({ ...widget, title: e.target.value })}
          data-testid="cs-prop-title"
        />
      </Form.Item>
      <Form.Item label={t('customScreens.designer.color')}>
        <ColorPicker
          value={widget.color ?? null}
          allowClear
          disabledAlpha
          onChange={(c) => onChange({ ...widget, color: c.cleared ? undefined : c.toHexString() })}
        />
      </Form.Item>
      {'point' in widget ? (
        <Form.Item label={t('customScreens.designer.point')}>
          <PointTags ids={[widget.point]} />
          <div style={{ marginTop: 6 }}>
            <PointSelect testId="cs-prop" onPick={(point) => onChange({ ...widget, point })} />
          </div>
        </Form.Item>
      ) : null}
      {'source' in widget ? (
        <>
          <Form.Item label={t('customScreens.designer.points')}>
            <PointTags
              ids={widget.source.points}
              onRemove={
                widget.source.points.length > 1
                  ? (id) =>
                      onChange({
                        ...widget,
                        source: { ...widget.source, points: widget.source.points.filter((p) => p !== id) },
                      })
                  : undefined
              }
            />
            {widget.kind !== 'number' && widget.source.points.length < 8 ? (
              <div style={{ marginTop: 6 }}>
                <PointSelect
                  testId="cs-prop"
                  onPick={(p) =>
                    widget.source.points.includes(p)
                      ? undefined
                      : onChange({
                          ...widget,
                          source: { ...widget.source, points: [...widget.source.points, p] },
                        })
                  }
                />
              </div>
            ) : widget.kind === 'number' ? (
              <div style={{ marginTop: 6 }}>
                <PointSelect
                  testId="cs-prop"
                  onPick={(p) => onChange({ ...widget, source: { ...widget.source, points: [p] } })}
                />
              </div>
            ) : null}
          </Form.Item>
          <Form.Item label={t('customScreens.designer.aggregation')}>
            <Select
              value={widget.source.aggregation}
              onChange={(aggregation: SeriesFunction) =>
                onChange({ ...widget, source: { ...widget.source, aggregation } })
              }
              options={SERIES_FUNCTIONS.map((f) => ({
                value: f,
                label: t(`customScreens.aggregation.${f}`),
              }))}
              data-testid="cs-prop-aggregation"
            />
          </Form.Item>
          <Form.Item label={t('customScreens.designer.window')}>
            <Select
              value={widget.source.window}
              onChange={(window: number) => onChange({ ...widget, source: { ...widget.source, window } })}
              options={WINDOWS.map((w) => ({
                value: w,
                label: t('customScreens.windowMinutes', { count: w / 60 }),
              }))}
              data-testid="cs-prop-window"
            />
          </Form.Item>
        </>
      ) : null}
      {widget.kind === 'alarms' ? (
        <>
          <Form.Item label={t('customScreens.designer.devices')}>
            <Flex gap={4} wrap>
              {widget.devices.map((d) => (
                <Tag
                  key={d}
                  closable={widget.devices.length > 1}
                  onClose={() => onChange({ ...widget, devices: widget.devices.filter((x) => x !== d) })}
                >
                  #{d}
                </Tag>
              ))}
            </Flex>
            {widget.devices.length < 50 ? (
              <div style={{ marginTop: 6 }}>
                <PointSelect
                  testId="cs-prop"
                  deviceOnly
                  onPick={(d) =>
                    widget.devices.includes(d)
                      ? undefined
                      : onChange({ ...widget, devices: [...widget.devices, d] })
                  }
                />
              </div>
            ) : null}
          </Form.Item>
          <Form.Item label={t('customScreens.designer.rows')}>
            <InputNumber
              min={1}
              max={50}
              precision={0}
              value={widget.rows}
              onChange={(rows) => (rows === null ? undefined : onChange({ ...widget, rows }))}
            />
          </Form.Item>
        </>
      ) : null}
      {widget.kind === 'gauge' ? (
        <Space>
          <Form.Item label={t('customScreens.designer.min')}>
            <InputNumber
              value={widget.min}
              onChange={(min) =>
                min !== null && min < widget.max ? onChange({ ...widget, min }) : undefined
              }
            />
          </Form.Item>
          <Form.Item label={t('customScreens.designer.max')}>
            <InputNumber
              value={widget.max}
              onChange={(max) =>
                max !== null && max > widget.min ? onChange({ ...widget, max }) : undefined
              }
            />
          </Form.Item>
        </Space>
      ) : null}
      {'decimals' in widget ? (
        <Form.Item label={t('customScreens.designer.decimals')}>
          <InputNumber
            min={0}
            max={6}
            precision={0}
            value={widget.decimals}
            onChange={(decimals) => (decimals === null ? undefined : onChange({ ...widget, decimals }))}
          />
        </Form.Item>
      ) : null}
      <Button danger block onClick={onDelete} data-testid="cs-prop-delete">
        {t('customScreens.designer.deleteWidget')}
      </Button>
    </Form>
  );
}

function CanvasProperties({
  doc,
  onChange,
}: {
  doc: CustomScreenDocument;
  onChange: (d: CustomScreenDocument) => void;
}) {
  const { t } = useTranslation();
  return (
    <Form layout="vertical" size="small">
      <Typography.Text strong>{t('customScreens.designer.canvas')}</Typography.Text>
      <Form.Item label={t('customScreens.designer.theme')} style={{ marginTop: 8 }}>
        <Radio.Group
          value={doc.canvas.theme}
          onChange={(e) => {
            const theme = e.target.value as 'dark' | 'light';
            onChange({
              ...doc,
              canvas: { ...doc.canvas, theme, background: theme === 'dark' ? '#0b1a33' : '#f0f2f5' },
            });
          }}
          options={[
            { value: 'dark', label: t('customScreens.designer.dark') },
            { value: 'light', label: t('customScreens.designer.light') },
          ]}
          data-testid="cs-theme"
        />
      </Form.Item>
      <Form.Item label={t('customScreens.designer.background')}>
        <ColorPicker
          value={doc.canvas.background}
          disabledAlpha
          onChange={(c) => onChange({ ...doc, canvas: { ...doc.canvas, background: c.toHexString() } })}
        />
      </Form.Item>
      <Form.Item label={t('customScreens.designer.size')}>
        <Typography.Text>
          {doc.canvas.w} × {doc.canvas.h}
        </Typography.Text>
      </Form.Item>
      {doc.order.length === 0 ? <Empty description={t('customScreens.designer.empty')} /> : null}
      <Typography.Paragraph type="secondary">{t('customScreens.designer.noSelection')}</Typography.Paragraph>
    </Form>
  );
}
