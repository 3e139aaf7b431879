import type { DataPointRow, ScadaDetail, ScadaPoints } from '@fleet/contracts';
import type { ScadaDocument } from '@fleet/scada-model';
import { Alert, App, Button, Flex, Modal, Space, Tabs } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LiveStore } from '../runtime/live-store';
import { RuntimeContext, type RuntimeContextValue } from '../runtime/runtime-context';
import { freshIds, runAll } from './actions';
import { useTemplatePointNames } from './api/template-points';
import { BindingPanel } from './BindingPanel';
import { BindingsList } from './BindingsList';
import { type Draft, readDraft, writeDraft } from './draft';
import { LayersPanel } from './LayersPanel';
import { PagesBar } from './PagesBar';
import { Palette } from './Palette';
import { PropertyPanel } from './PropertyPanel';
import { PublishModal } from './PublishModal';
import { newElement } from './palette-items';
import { type DesignerPoints, DesignerPointsContext } from './points-context';
import { Stage } from './Stage';
import { useDesigner } from './store';
import { Toolbar } from './Toolbar';
import { useSave } from './use-save';
import { useShortcuts } from './use-shortcuts';

const side: React.CSSProperties = {
  width: 280,
  flex: 'none',
  overflow: 'auto',
  background: '#ffffff',
  borderRadius: 8,
  padding: 8,
};

/** The editor around a loaded drawing. */
export function Designer({
  detail,
  doc,
  points,
  onReload,
}: {
  detail: ScadaDetail;
  doc: ScadaDocument;
  points: ScadaPoints;
  onReload: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const history = useDesigner((s) => s.history);
  const saved = useDesigner((s) => s.saved);
  const error = useDesigner((s) => s.error);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [publishing, setPublishing] = useState(false);
  const [store] = useState(() => new LiveStore());
  const [known, setKnown] = useState(() => new Map(points.points.map((p) => [String(p.id), p])));
  const save = useSave(detail, onReload);
  const templateNames = useTemplatePointNames(detail.kind === 'template' ? detail.template_id : null);
  const dirty = history.doc !== saved;

  // A fresh editor per drawing; a draft left by an earlier session is offered, never applied silently.
  // The store holds this drawing before the first render of anything that reads it (the page keys this component by drawing and version).
  useState(() => useDesigner.getState().reset(doc));
  useEffect(() => {
    const found = readDraft(detail.id, 'local');
    if (found && JSON.stringify(found.doc) !== JSON.stringify(doc)) setDraft(found);
  }, [detail.id, doc]);
  // Unsaved edits go to the browser's storage a moment after each change.
  useEffect(() => {
    if (!dirty) return;
    const timer = setTimeout(
      () =>
        writeDraft(detail.id, 'local', {
          version: save.version.current,
          savedAt: Date.now(),
          doc: history.doc,
        }),
      800,
    );
    return () => clearTimeout(timer);
  }, [dirty, history.doc, detail.id, save.version]);
  useEffect(() => {
    if (error) void message.warning(t('scada.designer.refused', { reason: error }));
  }, [error, message, t]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  useShortcuts(() => void save.run());

  const pointsValue = useMemo<DesignerPoints>(
    () => ({
      kind: detail.kind,
      templateId: detail.template_id,
      known,
      names: new Set((templateNames.data ?? []).map((n) => n.name)),
      remember: (p: DataPointRow) =>
        setKnown((m) => (m.has(String(p.id)) ? m : new Map(m).set(String(p.id), p))),
    }),
    [detail.kind, detail.template_id, known, templateNames.data],
  );
  const ctx = useMemo<RuntimeContextValue>(
    () => ({
      store,
      points: known,
      devices: new Map(),
      writeDenial: () => null,
      send: () => Promise.reject(new Error('design mode')),
      commandStatus: () => Promise.reject(new Error('design mode')),
      goToPage: () => undefined,
      goToRoute: () => undefined,
      now: () => Date.now(),
      design: true,
    }),
    [store, known],
  );

  const add = (key: string, at?: { x: number; y: number }) => {
    const s = useDesigner.getState();
    const page = s.history.doc.pages[s.pageId]!;
    const stage = document.querySelector('[data-testid="sd-stage"]');
    const centre = at ?? {
      x: ((stage?.clientWidth ?? 800) / 2 - s.view.x) / s.view.zoom,
      y: ((stage?.clientHeight ?? 600) / 2 - s.view.y) / s.view.zoom,
    };
    const clamp = (v: number, max: number) => Math.max(0, Math.min(max, v));
    const element = newElement(
      key,
      clamp(centre.x, page.canvas.w),
      clamp(centre.y, page.canvas.h),
      (k) => t(`scada.designer.defaults.${k}`),
      s.pageId,
    );
    if (!element) return;
    const id = freshIds(element.kind === 'symbol' ? 's' : element.kind.slice(0, 4))();
    if (runAll([{ type: 'addElement', page: s.pageId, id, element }], 'add')) s.select([id]);
  };
  const lang = (['zh', 'en', 'es'].find((l) => i18n.language?.startsWith(l)) ?? 'en') as 'zh' | 'en' | 'es';
  const run = () => {
    if (dirty) void message.info(t('scada.designer.runUnsaved'));
    navigate(`/scada/view/${detail.id}`);
  };

  return (
    <RuntimeContext.Provider value={ctx}>
      <DesignerPointsContext.Provider value={pointsValue}>
        <Flex vertical gap={6} style={{ height: '100%' }} data-testid="sd-designer">
          <Toolbar
            name={detail.name}
            dirty={dirty}
            saving={save.saving}
            onSave={() => void save.run()}
            onRun={run}
            onPublish={detail.kind === 'template' ? () => setPublishing(true) : undefined}
          />
          {draft ? (
            <Alert
              type="info"
              showIcon
              data-testid="sd-draft"
              title={t('scada.designer.draft.found', { time: new Date(draft.savedAt).toLocaleString() })}
              action={
                <Space>
                  <Button
                    size="small"
                    type="primary"
                    data-testid="sd-draft-restore"
                    onClick={() => {
                      useDesigner.getState().reset(draft.doc, doc);
                      setDraft(null);
                    }}
                  >
                    {t('scada.designer.draft.restore')}
                  </Button>
                  <Button size="small" onClick={() => setDraft(null)} data-testid="sd-draft-discard">
                    {t('scada.designer.draft.discard')}
                  </Button>
                </Space>
              }
            />
          ) : null}
          <Flex gap={6} style={{ flex: 1, minHeight: 0 }}>
            <div style={side}>
              <Tabs
                size="small"
                items={[
                  {
                    key: 'palette',
                    label: t('scada.designer.tabs.palette'),
                    children: <Palette onAdd={(k) => add(k)} lang={lang} />,
                  },
                  { key: 'layers', label: t('scada.designer.tabs.layers'), children: <LayersPanel /> },
                ]}
              />
            </div>
            <Flex
              vertical
              style={{ flex: 1, minWidth: 0, background: '#ffffff', borderRadius: 8, padding: '0 8px 8px' }}
            >
              <PagesBar />
              <Stage lang={i18n.language} onDropItem={(k, x, y) => add(k, { x, y })} />
            </Flex>
            <div style={{ ...side, width: 320 }}>
              <Tabs
                size="small"
                items={[
                  { key: 'props', label: t('scada.designer.tabs.properties'), children: <PropertyPanel /> },
                  { key: 'binding', label: t('scada.designer.tabs.binding'), children: <BindingPanel /> },
                  { key: 'all', label: t('scada.designer.tabs.allBindings'), children: <BindingsList /> },
                ]}
              />
            </div>
          </Flex>
        </Flex>
        <Modal
          open={!!save.conflict}
          title={t('scada.designer.conflict.title')}
          closable={false}
          maskClosable={false}
          data-testid="sd-conflict"
          footer={[
            <Button key="reload" danger onClick={save.reload} data-testid="sd-conflict-reload">
              {t('scada.designer.conflict.reload')}
            </Button>,
            <Button
              key="copy"
              type="primary"
              loading={save.saving}
              onClick={() => void save.keepAsCopy()}
              data-testid="sd-conflict-copy"
            >
              {t('scada.designer.conflict.copy')}
            </Button>,
          ]}
        >
          <p data-testid="sd-conflict-text">
            {t('scada.designer.conflict.text', { version: save.conflict?.version ?? '?' })}
          </p>
        </Modal>
        {detail.kind === 'template' ? (
          <PublishModal
            open={publishing}
            onClose={() => setPublishing(false)}
            detail={detail}
            dirty={dirty}
          />
        ) : null}
      </DesignerPointsContext.Provider>
    </RuntimeContext.Provider>
  );
}
