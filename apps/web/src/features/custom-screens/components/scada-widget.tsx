import { BizCode, type ScreenScadaAnswer, type ScreenWidget } from '@fleet/contracts';
import { loadDocument } from '@fleet/scada-model';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/errors';
import { useLiveDevices, useLiveEvents } from '../../../shared/live/use-live';
import { registerScadaRuntimeI18n } from '../../scada/runtime/i18n';
import { LiveStore } from '../../scada/runtime/live-store';
import { RuntimeContext, type RuntimeContextValue } from '../../scada/runtime/runtime-context';
import { ScadaCanvas } from '../../scada/runtime/ScadaCanvas';
import { useScreenScada } from '../api/screen-scada';
import { SHARE_POLL_MS } from './use-screen-values';
import { ErrorText, Frame, type WidgetEnv } from './widget-frame';

registerScadaRuntimeI18n();

/** With /wss the app is re-read this often anyway (a missed frame heals). */
const LIVE_REREAD_MS = 60_000;

/** Feeds the store from /wss while mounted: LD values, OL online / offline. */
function LiveFeed({ store, deviceIds }: { store: LiveStore; deviceIds: number[] }) {
  useLiveDevices(deviceIds, (deviceId, readings) => {
    for (const r of readings) store.setValue(String(r.point_id), r.value, Date.parse(r.at) || Date.now());
    store.setDeviceOnline(deviceId, true);
  });
  const watched = useMemo(() => new Set(deviceIds), [deviceIds]);
  useLiveEvents('OL', (event) => {
    if (watched.has(event.deviceId)) store.setDeviceOnline(event.deviceId, event.data.status === 1);
  });
  return null;
}

/**
 * The read-only runtime context: the drawing shows values and device states but never writes (no
 * command is sent from a screen, whatever the controls on it), and links stay inside the frame.
 */
function readOnlyContext(store: LiveStore, answer: ScreenScadaAnswer, goToPage: (p: string) => void) {
  const refused = () => Promise.reject(new Error('read-only'));
  return {
    store,
    points: new Map(answer.points.points.map((p) => [String(p.id), p])),
    devices: new Map(answer.points.devices.map((d) => [d.id, { id: d.id, name: d.name }])),
    writeDenial: () => 'denied' as const,
    send: refused,
    commandStatus: refused,
    goToPage,
    goToRoute: () => undefined,
    now: () => Date.now(),
  } satisfies RuntimeContextValue;
}

/** 10001: the signed-in reader may read custom screens but not SCADA drawings (the server checks). */
const isRefused = (error: unknown) =>
  error instanceof ApiError && (error.code === BizCode.NO_PERMISSION || error.status === 403);

/** A SCADA app embedded read-only, scaled into the frame, live (lazy: the SCADA runtime is its own chunk). */
export default function ScadaWidget({
  widget,
  env,
}: {
  widget: Extract<ScreenWidget, { kind: 'scada' }>;
  env: WidgetEnv;
}) {
  const { t } = useTranslation();
  const answer = useScreenScada(
    env.source,
    widget.id,
    widget.scada,
    env.live ? LIVE_REREAD_MS : SHARE_POLL_MS,
  );
  const data = answer.data;
  // Re-read every few seconds: the drawing is parsed again only when its document changed.
  const drawing = data?.document;
  const loaded = useMemo(() => (drawing ? loadDocument(drawing) : null), [drawing]);
  const [store] = useState(() => new LiveStore());
  const [page, setPage] = useState<string | null>(null);
  useEffect(() => {
    if (!data) return;
    for (const d of data.points.devices) store.setDeviceOnline(d.id, d.status === 1);
    for (const v of data.values) store.setValue(String(v.point_id), v.value, v.at ? Date.parse(v.at) : null);
  }, [data, store]);
  const ctx = useMemo(() => (data ? readOnlyContext(store, data, setPage) : null), [data, store]);
  const deviceIds = useMemo(
    () => (data?.points.devices ?? []).filter((d) => !d.locked).map((d) => d.id),
    [data],
  );
  const doc = loaded?.ok ? loaded.doc : null;
  const pageId = doc
    ? ([page, widget.page].find((p): p is string => !!p && Object.hasOwn(doc.pages, p)) ?? doc.pageOrder[0]!)
    : null;
  return (
    <Frame widget={widget} env={env}>
      {isRefused(answer.error) ? (
        // A reader of custom screens without the SCADA permission: the frame stays, the drawing does not.
        <div
          className="cs-widget-error"
          style={{ color: env.theme.muted }}
          data-testid={`cs-scada-denied-${widget.id}`}
        >
          {t('customScreens.scada.noAccess')}
        </div>
      ) : answer.error ? (
        <ErrorText error={answer.error} />
      ) : loaded && !loaded.ok ? (
        <ErrorText error={new Error(t('customScreens.scada.broken'))} />
      ) : doc && ctx && pageId ? (
        <div className="cs-scada" data-testid={`cs-scada-${widget.id}`}>
          {env.live ? <LiveFeed store={store} deviceIds={deviceIds} /> : null}
          <RuntimeContext.Provider value={ctx}>
            <ScadaCanvas page={doc.pages[pageId]!} pageId={pageId} />
          </RuntimeContext.Provider>
        </div>
      ) : null}
    </Frame>
  );
}
