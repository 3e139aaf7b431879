import type { ScadaPoints } from '@fleet/contracts';
import { loadDocument, type ScadaDocument } from '@fleet/scada-model';
import { Button, Result, Spin } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useTabTitle } from '../../../app/tabs/tab-store';
import { ApiError } from '../../../shared/api/errors';
import { useLiveDevices, useLiveEvents } from '../../../shared/live/use-live';
import { usePermission } from '../../../shared/permission/permission';
import { DeviceSearchSelect } from '../../devices/components/DeviceSearchSelect';
import { getLastValues, getRecentSeries, useDrawing, useDrawingPoints } from './api';
import { registerScadaRuntimeI18n } from './i18n';
import { LiveStore } from './live-store';
import { ScadaRuntime } from './ScadaRuntime';

registerScadaRuntimeI18n();

const EMPTY_POINTS: ScadaPoints = { devices: [], points: [] };

/** Feeds the store: latest values once (and after every reconnect), then LD and OL from /wss. */
function useLiveFeed(store: LiveStore, doc: ScadaDocument | null, points: ScadaPoints) {
  // A locked device's values are refused by the server (expired service): not asked for, not watched.
  const deviceIds = useMemo(() => points.devices.filter((d) => !d.locked).map((d) => d.id), [points]);
  const [resync, setResync] = useState(0);

  // Trends keep recent readings of their points, starting with the stored ones of their window.
  useEffect(() => {
    if (!doc) return;
    const known = new Set(points.points.map((p) => String(p.id)));
    const wanted = new Set<string>();
    let seconds = 0;
    for (const page of Object.values(doc.pages))
      for (const el of Object.values(page.elements))
        if (el.kind === 'trend')
          for (const s of el.series)
            if (s.point.by === 'id') {
              store.track(s.point.pointId);
              if (known.has(s.point.pointId)) wanted.add(s.point.pointId);
              seconds = Math.max(seconds, el.windowSeconds);
            }
    const ids = [...wanted].map(Number).slice(0, 20);
    if (ids.length === 0) return;
    const abort = new AbortController();
    getRecentSeries(ids, seconds, abort.signal)
      .then((answer) => {
        for (const s of answer.series)
          store.seed(
            String(s.point_id),
            s.points.flatMap(([at, value]) => (typeof value === 'number' ? [{ at, value }] : [])),
          );
      })
      // Without history rights (or history) the trend starts with the live values.
      .catch(() => undefined);
    return () => abort.abort();
  }, [doc, points, store]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `resync` re-reads after a reconnect
  useEffect(() => {
    const abort = new AbortController();
    for (const deviceId of deviceIds) {
      getLastValues(deviceId, abort.signal)
        .then((rows) => {
          for (const r of rows) store.setValue(String(r.point_id), r.value, r.at ? Date.parse(r.at) : null);
        })
        // Without the right to read latest values the page still shows what /wss pushes.
        .catch(() => undefined);
    }
    return () => abort.abort();
  }, [deviceIds, store, resync]);

  useLiveDevices(deviceIds, (deviceId, readings) => {
    for (const r of readings) store.setValue(String(r.point_id), r.value, Date.parse(r.at) || Date.now());
    store.setDeviceOnline(deviceId, true);
  });
  const watched = useMemo(() => new Set(deviceIds), [deviceIds]);
  useLiveEvents(
    'OL',
    (event) => {
      if (watched.has(event.deviceId)) store.setDeviceOnline(event.deviceId, event.data.status === 1);
    },
    () => setResync((n) => n + 1),
  );
}

/** Full screen: the browser's Fullscreen API on the view (no sidebar, no tabs), or a fixed overlay. */
function useFullscreen(
  target: React.RefObject<HTMLDivElement | null>,
  wanted: boolean,
  setWanted: (on: boolean) => void,
) {
  useEffect(() => {
    const onChange = () => {
      if (!document.fullscreenElement && wanted) setWanted(false);
    };
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [wanted, setWanted]);
  useEffect(() => {
    const el = target.current;
    if (!el) return;
    if (wanted && !document.fullscreenElement && el.requestFullscreen) {
      // Refused without a user gesture (a ?fullscreen=1 link): the fixed overlay still hides the shell.
      el.requestFullscreen().catch(() => undefined);
    } else if (!wanted && document.fullscreenElement) {
      void document.exitFullscreen().catch(() => undefined);
    }
  }, [wanted, target]);
}

function errorView(error: unknown): { status: '403' | '404' | 'error'; key: string } {
  if (error instanceof ApiError) {
    if (error.status === 404) return { status: '404', key: 'scada.runtime.notFound' };
    if (error.msgKey === 'scada.deviceNotOfTemplate')
      return { status: 'error', key: 'scada.runtime.deviceNotOfTemplate' };
    if (error.code === 10001 || error.status === 403)
      return { status: '403', key: 'scada.runtime.noPermission' };
  }
  return { status: 'error', key: 'scada.runtime.loadFailed' };
}

/** `/scada/view/:id[?device=][&page=][&fullscreen=1]`: a SCADA app (or a template on a device) running live. */
export default function ScadaViewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const [search, setSearch] = useSearchParams();
  const id = Number(params.id);
  const deviceText = search.get('device');
  const deviceId = deviceText && /^\d+$/.test(deviceText) ? Number(deviceText) : null;
  const fullscreen = search.get('fullscreen') === '1';
  const mayView = usePermission('IndScada');
  const drawing = useDrawing(mayView && Number.isInteger(id) ? id : 0, deviceId);
  const detail = drawing.data?.detail;
  // Two open drawings are two tabs: each carries its drawing's name (issue 16).
  useTabTitle(detail?.name);
  const needsDevice = detail?.kind === 'template' && deviceId === null;
  const loaded = useMemo(() => (drawing.data ? loadDocument(drawing.data.document) : null), [drawing.data]);
  const doc = loaded?.ok ? loaded.doc : null;
  const pointsQuery = useDrawingPoints(id, deviceId, !!doc && !needsDevice);
  const points = pointsQuery.data ?? EMPTY_POINTS;
  const [store] = useState(() => new LiveStore());
  const stage = useRef<HTMLDivElement>(null);
  useLiveFeed(store, doc, points);

  const update = (change: (p: URLSearchParams) => void) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        change(next);
        return next;
      },
      { replace: true },
    );
  const setFullscreen = (on: boolean) =>
    update((p) => {
      if (on) p.set('fullscreen', '1');
      else p.delete('fullscreen');
    });
  useFullscreen(stage, fullscreen, setFullscreen);

  const chooseDevice = (
    <DeviceSearchSelect
      value={deviceId}
      onChange={(d) =>
        update((p) => {
          if (d) p.set('device', String(d));
          else p.delete('device');
        })
      }
      style={{ width: 260 }}
      testId="scada-device"
      ariaLabel={t('scada.runtime.templateNeedsDevice')}
    />
  );

  let content: React.ReactNode;
  if (!mayView) {
    content = <Result status="403" title={t('scada.runtime.noPermission')} data-testid="scada-forbidden" />;
  } else if (!Number.isInteger(id) || id <= 0) {
    content = (
      <Result status="404" title={t('scada.runtime.notFound')} subTitle={t('scada.runtime.notFoundHint')} />
    );
  } else if (drawing.isPending || (doc && !needsDevice && pointsQuery.isPending)) {
    content = (
      <Spin tip={t('scada.runtime.loading')} size="large" data-testid="scada-loading">
        <div style={{ height: 240 }} />
      </Spin>
    );
  } else if (drawing.isError || (loaded && !loaded.ok) || pointsQuery.isError) {
    const view = errorView(drawing.error ?? pointsQuery.error);
    content = (
      <Result
        status={view.status}
        title={t(view.key)}
        subTitle={view.status === '404' ? t('scada.runtime.notFoundHint') : undefined}
        extra={[
          view.key === 'scada.runtime.deviceNotOfTemplate' ? (
            <span key="device">{chooseDevice}</span>
          ) : (
            <Button key="retry" onClick={() => void drawing.refetch()}>
              {t('scada.runtime.retry')}
            </Button>
          ),
          <Button key="back" onClick={() => navigate(-1)}>
            {t('scada.runtime.back')}
          </Button>,
        ]}
        data-testid="scada-error"
      />
    );
  } else if (needsDevice) {
    content = (
      <Result
        status="info"
        title={t('scada.runtime.templateNeedsDevice')}
        subTitle={t('scada.runtime.templateNeedsDeviceHint')}
        extra={chooseDevice}
        data-testid="scada-needs-device"
      />
    );
  } else if (doc && detail) {
    content = (
      <ScadaRuntime
        doc={doc}
        name={detail.name}
        points={points}
        missing={drawing.data?.missing}
        page={search.get('page')}
        onPageChange={(p) => update((q) => q.set('page', p))}
        onRoute={(path) => navigate(path)}
        store={store}
        fullscreen={fullscreen}
        onFullscreenChange={setFullscreen}
        extra={detail.kind === 'template' ? chooseDevice : undefined}
      />
    );
  }

  return (
    <div
      ref={stage}
      className={fullscreen ? 'scada-view scada-view-fullscreen' : 'scada-view'}
      data-testid="scada-view"
      style={
        fullscreen
          ? { position: 'fixed', inset: 0, zIndex: 1000, background: '#ffffff', padding: 12, height: '100vh' }
          : { height: 'calc(100vh - 56px - 40px - 32px)', minHeight: 420 }
      }
    >
      {content}
    </div>
  );
}
