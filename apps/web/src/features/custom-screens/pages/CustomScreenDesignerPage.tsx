import '../custom-screens.css';
import type { CustomScreenDocument, CustomWidgetKind } from '@fleet/contracts';
import { CUSTOM_WIDGET_KINDS } from '@fleet/contracts';
import { Alert, App, Button, Flex, Modal, Space, Spin, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../shared/api/errors';
import { LoadError } from '../../../shared/components/LoadError';
import { useCustomScreen } from '../api/custom-screen';
import { useCustomScreenMutations } from '../api/custom-screen-mutations';
import { CanvasProperties } from '../components/CanvasProperties';
import { DragHandle } from '../components/DragHandle';
import { PointSelect } from '../components/PointSelect';
import { ScadaAppSelect } from '../components/ScadaAppSelect';
import { FitCanvas } from '../components/ScreenViewer';
import { PREVIEW, useScreenValues } from '../components/use-screen-values';
import { WidgetProperties } from '../components/WidgetProperties';
import { ScreenSurface } from '../components/widgets';
import {
  addWidget,
  clampFrame,
  freeSpot,
  newWidget,
  removeWidget,
  screenPointIds,
  THEMES,
  updateWidget,
  WIDGET_BINDING,
  widgetSize,
} from '../lib/document';

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
    () => ({
      source: PREVIEW,
      values,
      theme: THEMES[doc.canvas.theme],
      timeZone: doc.canvas.timeZone,
      live: true,
    }),
    [values, doc.canvas.theme, doc.canvas.timeZone],
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

  /** A new widget (bound to `bound` as WIDGET_BINDING says) on the first free spot, selected. */
  const place = (kind: CustomWidgetKind, bound: number) => {
    const w = newWidget(
      doc,
      kind,
      bound,
      freeSpot(doc, widgetSize(kind)),
      t('customScreens.widget.defaultText'),
    );
    w.frame = clampFrame(w.frame, doc.canvas);
    change(addWidget(doc, w));
    setSelected(w.id);
    setAdding(null);
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
              <Button
                key={kind}
                block
                onClick={() => (WIDGET_BINDING[kind] === 'none' ? place(kind, 0) : setAdding(kind))}
                data-testid={`cs-add-${kind}`}
              >
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
            adding === 'scada'
              ? 'customScreens.scada.pickFirst'
              : adding === 'status'
                ? 'customScreens.status.pickDeviceFirst'
                : adding !== null && WIDGET_BINDING[adding] === 'device'
                  ? 'customScreens.designer.pickDeviceFirst'
                  : 'customScreens.designer.pickPointFirst',
          )}
        </Typography.Paragraph>
        {adding === 'scada' ? (
          <ScadaAppSelect
            value={null}
            onPick={(scadaId) => place('scada', scadaId)}
            testId="cs-add-scada-app"
          />
        ) : (
          <PointSelect
            testId="cs-add"
            deviceOnly={adding !== null && WIDGET_BINDING[adding] === 'device'}
            onPick={(pointId) => (adding ? place(adding, pointId) : undefined)}
          />
        )}
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
