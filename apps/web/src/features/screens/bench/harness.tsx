import type { AlarmLogRow, BigScreenReport, MapDevice } from '@fleet/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { createRoot, type Root } from 'react-dom/client';
import { FakeSocket } from '../../../shared/live/fake-socket';
import { LiveClient } from '../../../shared/live/live-client';
import { resetLiveClient } from '../../../shared/live/live-context';
import { AlarmTrendChart, ReadingsChart } from '../components/ScreenCharts';
import { AlarmFeed, KpiRow, Panel, TopDevices } from '../components/ScreenPanels';
import { useBigScreenLive } from '../hooks/use-big-screen-live';
import DeviceMapCanvas from '../map/DeviceMapCanvas';
import { devicesToGeoJson } from '../map/device-geojson';
import '../screens.css';

/**
 * Benchmark harness of the monitoring screens (bench/screens.ts): the real MapLibre device map with
 * generated devices, and the real big-screen live path (LiveClient parsing /wss frames from a fake
 * socket, useBigScreenLive, the panels) absorbing a stream of updates. Measures frame intervals.
 */
const root: Root = createRoot(document.getElementById('root')!);

function frameRecorder() {
  const times: number[] = [];
  let running = true;
  const tick = (t: number) => {
    times.push(t);
    if (running) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  return () => {
    running = false;
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    const sorted = [...gaps].sort((a, b) => a - b);
    const pick = (q: number) =>
      Math.round((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0) * 100) / 100;
    const span = (times.at(-1)! - times[0]!) / 1000;
    return {
      frames: gaps.length,
      fps: Math.round((gaps.length / span) * 10) / 10,
      p50_ms: pick(0.5),
      p95_ms: pick(0.95),
      max_ms: pick(1),
    };
  };
}

let seed = 42;
const random = () => {
  seed = (seed * 16807) % 2147483647;
  return seed / 2147483647;
};
function devices(n: number): MapDevice[] {
  return Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    device_title: `Device ${i + 1}`,
    lat: 22 + random() * 20,
    lng: 100 + random() * 22,
    status: random() < 0.1 ? 0 : 1,
    alarm_type: random() < 0.05 ? 1 : 0,
  }));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `get` every 20 ms until it answers something (at most 20 s). */
async function until<T>(get: () => T | null): Promise<T> {
  const end = performance.now() + 20_000;
  for (;;) {
    const value = get();
    if (value !== null) return value;
    if (performance.now() > end) throw new Error('timed out waiting in the harness');
    await sleep(20);
  }
}

let map: MapLibreMap | null = null;

const mapBench = {
  /**
   * Mounts a new map with `n` devices; resolves when the first render settled. The previous map is
   * unmounted first and the new one has its own key: React would otherwise keep the mounted map (same
   * component, same basemap), which never fires `load` again, so `onReady` never came and the run hung
   * until Chromium was killed (the "crash" of the first runs) - and two WebGL contexts never coexist.
   */
  async mount(n: number): Promise<number> {
    map = null;
    root.render(null);
    await new Promise((r) => requestAnimationFrame(r));
    const started = performance.now();
    return new Promise((resolve) => {
      root.render(
        <div key={`map-${n}`} style={{ width: 1440, height: 900 }}>
          <style>{'.device-map-canvas{height:900px!important;border-radius:0}'}</style>
          <DeviceMapCanvas
            config={{ tile_url: null, attribution: '' }}
            theme="dark"
            devices={devicesToGeoJson(devices(n))}
            fitKey={`bench-${n}`}
            onReady={(m) => {
              map = m;
              m.once('idle', () => resolve(Math.round(performance.now() - started)));
            }}
          />
        </div>,
      );
    });
  },
  /** Pans and zooms for `seconds` (animated moves one after the other), recording every frame. */
  async panZoom(seconds: number) {
    const m = map!;
    const stop = frameRecorder();
    const end = performance.now() + seconds * 1000;
    let i = 0;
    while (performance.now() < end) {
      const step = i++ % 4;
      if (step === 0) m.panBy([300, 120], { duration: 600 });
      else if (step === 1) m.zoomTo(m.getZoom() + 1.5, { duration: 600 });
      else if (step === 2) m.panBy([-300, -120], { duration: 600 });
      else m.zoomTo(m.getZoom() - 1.5, { duration: 600 });
      await sleep(650);
    }
    return stop();
  },
};

const REPORT: BigScreenReport = {
  devices: { total: 1000, online: 900, offline: 100, alarm: 50, normal: 850 },
  alarm_trend: Array.from({ length: 24 }, (_, i) => ({
    hour: new Date(Math.floor(Date.now() / 3600_000) * 3600_000 - (23 - i) * 3600_000).toISOString(),
    alarms: i % 5,
  })),
  readings_per_minute: Array.from({ length: 30 }, (_, i) => ({
    minute: new Date(Math.floor(Date.now() / 60_000) * 60_000 - (30 - i) * 60_000).toISOString(),
    readings: 60_000,
  })),
  latest_alarms: [],
  top_alarming: Array.from({ length: 5 }, (_, i) => ({
    device_id: i + 1,
    device_title: `Device ${i + 1}`,
    alarms: 10 - i,
  })),
};
const IDS = Array.from({ length: 1000 }, (_, i) => i + 1);

function Screen() {
  const report = useBigScreenLive(REPORT, IDS)!;
  return (
    <div
      style={{ width: 1920, height: 1080, display: 'grid', gridTemplateColumns: '460px 1fr 460px', gap: 16 }}
    >
      <div className="screen-col">
        <Panel title="trend">
          <AlarmTrendChart trend={report.alarm_trend} />
        </Panel>
        <Panel title="readings">
          <ReadingsChart minutes={report.readings_per_minute} />
        </Panel>
        <Panel title="top">
          <TopDevices rows={report.top_alarming} />
        </Panel>
      </div>
      <KpiRow devices={report.devices} />
      <Panel title="alarms" className="screen-feed">
        <AlarmFeed alarms={report.latest_alarms} />
      </Panel>
    </div>
  );
}

const alarmRow = (id: number): AlarmLogRow => ({
  id,
  device_id: (id % 1000) + 1,
  device_title: `Device ${(id % 1000) + 1}`,
  device_imei: '860000000000000',
  trigger_id: 1,
  point_id: 1,
  point_name: 'temp',
  point_title: 'Temperature',
  alarm_type: 1,
  level: 3,
  status: 0,
  dispatch_status: 0,
  online: 1,
  cause: 'limit',
  value: 90,
  threshold: '> 80',
  message: 'Temperature = 90 (> 80)',
  at: new Date().toISOString(),
  recovered_at: null,
  recovers_id: null,
  handled_by_name: null,
  handled_at: null,
  remark: '',
});

const screenBench = {
  /** Mounts the big screen's live panels on a live client fed by a fake socket. */
  async mount() {
    resetLiveClient(
      new LiveClient({ getToken: async () => 'bench', createSocket: (url) => new FakeSocket(url) }),
    );
    root.render(
      <QueryClientProvider client={new QueryClient()}>
        <Screen />
      </QueryClientProvider>,
    );
    // The live client opens its socket once the panels hold it (after a token read): wait for it rather
    // than a fixed pause, which a busy machine outlasted ("no socket made").
    const socket = await until(() => {
      try {
        return FakeSocket.latest();
      } catch {
        return null;
      }
    });
    socket.open();
    await sleep(200);
  },
  /** `perSecond` LD frames a second (plus one AL per 100) for `seconds`, spread over each second. */
  async stream(perSecond: number, seconds: number) {
    const socket = FakeSocket.latest();
    const stop = frameRecorder();
    const started = performance.now();
    let sent = 0;
    let alarm = 0;
    while (performance.now() - started < seconds * 1000) {
      const due = Math.floor(((performance.now() - started) / 1000) * perSecond);
      for (; sent < due; sent++) {
        const device = (sent % 1000) + 1;
        const at = new Date().toISOString();
        socket.receive(
          `LD,${device},[{"point_id":${device},"name":"temp","slave_id":null,"value":${sent % 100},"at":"${at}"}]`,
        );
        if (sent % 100 === 0) socket.receive(`AL,${device},${JSON.stringify(alarmRow(++alarm))}`);
      }
      await sleep(10);
    }
    return { ...stop(), messages: sent, alarms: alarm };
  },
};

Object.assign(globalThis, { mapBench, screenBench });
