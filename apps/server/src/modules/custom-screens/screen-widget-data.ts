import type {
  CustomScreenDocument,
  ScreenAlarmsAnswer,
  ScreenMapAnswer,
  ScreenPointsAnswer,
  ScreenScadaAnswer,
  ScreenSource,
  ScreenSourceData,
  ScreenStatusAnswer,
  ScreenWidget,
} from '@fleet/contracts';
import type { Scope } from '../../platform/auth/scope.js';
import { userMessage } from '../../platform/http/errors.js';
import type { AlarmRows } from '../alarms/alarm-rows.service.js';
import type { DataLock } from '../devices/data-lock.js';
import { notFound } from '../devices/device-errors.js';
import type { DeviceLookup } from '../devices/device-lookup.service.js';
import type { ScadaService } from '../scada/scada.service.js';
import type { ScreensService } from '../screens/screens.service.js';
import type { TelemetryService } from '../telemetry/telemetry.service.js';

export interface ScreenWidgetDataDeps {
  devices: Pick<DeviceLookup, 'findVisibleMany'>;
  telemetry: Pick<TelemetryService, 'series'>;
  latest: Pick<TelemetryService, 'pointsWithLatest' | 'points'>;
  alarms: Pick<AlarmRows, 'latestVisible'>;
  scada: Pick<ScadaService, 'get' | 'points'>;
  maps: Pick<ScreensService, 'listedMapDevices' | 'mapConfig'>;
  clock: () => Date;
  /** Issue 20 item 4: the expired-device data lock (the one rule, modules/devices/data-lock.ts). */
  dataLock: Pick<DataLock, 'lockedIds'>;
}

/** Buckets per chart: enough for a 1920 px wide line, small enough for a shared screen polled often. */
const CHART_BUCKETS = 120;

/** The widget `widgetId` of the document if it is of `kind`; 404 `screen.unknownWidget` otherwise. */
export function widgetOf<K extends ScreenWidget['kind']>(
  doc: CustomScreenDocument,
  widgetId: string,
  kind: K,
): Extract<ScreenWidget, { kind: K }> {
  const widget = Object.hasOwn(doc.widgets, widgetId) ? doc.widgets[widgetId] : undefined;
  if (widget?.kind !== kind) throw userMessage('screen.unknownWidget', { id: widgetId }, 404);
  return widget as Extract<ScreenWidget, { kind: K }>;
}

/** The data source of a number or chart widget; 404 `screen.unknownWidget` for any other. */
export function widgetSource(doc: CustomScreenDocument, widgetId: string): ScreenSource {
  const widget = Object.hasOwn(doc.widgets, widgetId) ? doc.widgets[widgetId] : undefined;
  if (!widget || !('source' in widget)) throw userMessage('screen.unknownWidget', { id: widgetId }, 404);
  return widget.source;
}

/**
 * What each kind of widget reads, for a scope: the stored screen's reader, the designer's preview and
 * the external link (the screen owner's scope) all come through here, so one rule (visibility, the data
 * lock) holds for all three.
 */
export function createScreenWidgetData(deps: ScreenWidgetDataDeps) {
  /**
   * The points among `ids` on devices the scope sees, with their latest values; a device whose data is
   * locked (fees) shows its points without values.
   */
  async function points(scope: Scope, ids: readonly number[]): Promise<ScreenPointsAnswer> {
    const meta = await deps.latest.points(ids);
    const seen = await deps.devices.findVisibleMany(scope, [...new Set(meta.map((p) => p.deviceId))]);
    const devices = new Map(seen.map((d) => [d.id, d.binderTitle || d.title || `#${d.id}`]));
    const locked = await deps.dataLock.lockedIds([...devices.keys()]);
    const wanted = new Set(ids);
    const rows = await deps.latest.pointsWithLatest([...devices.keys()], 'all');
    return {
      points: rows
        .filter((p) => wanted.has(p.id))
        .map((p) => {
          const isLocked = locked.has(p.deviceId);
          return {
            point_id: p.id,
            device_id: p.deviceId,
            device_title: devices.get(p.deviceId) ?? '',
            name: p.name,
            title: p.title,
            unit: p.unit,
            value: isLocked ? null : (p.text ?? p.value),
            at: isLocked || !p.at ? null : p.at.toISOString(),
            locked: isLocked,
          };
        }),
    };
  }

  /** A source's series through the history queries (rollups, visibility, the data lock). */
  async function data(scope: Scope, source: ScreenSource): Promise<ScreenSourceData> {
    const end = deps.clock();
    const start = new Date(end.getTime() - source.window * 1000);
    const answer = await deps.telemetry.series(scope, {
      point_ids: source.points,
      starttime: start,
      endtime: end,
      points: CHART_BUCKETS,
      fn: source.aggregation,
    });
    return {
      bucket_ms: answer.bucket_ms,
      series: answer.series.map((s) => ({
        point_id: s.point_id,
        title: s.title,
        unit: s.unit,
        points: s.points,
      })),
    };
  }

  /** The latest alarms of `devices` the scope sees, leaving out devices whose data is locked. */
  async function alarms(scope: Scope, devices: readonly number[], rows: number): Promise<ScreenAlarmsAnswer> {
    const locked = await deps.dataLock.lockedIds(devices);
    const open = devices.filter((d) => !locked.has(d));
    return { rows: open.length === 0 ? [] : await deps.alarms.latestVisible(scope, rows, open) };
  }

  /**
   * A status table: each of `ids` the scope sees (in that order; others left out), its status, last
   * reading and the points named by `columns`. A locked device keeps its status but shows no values.
   */
  async function status(
    scope: Scope,
    ids: readonly number[],
    columns: readonly string[],
  ): Promise<ScreenStatusAnswer> {
    // One query; then the widget's own order.
    const found = new Map(
      (await deps.devices.findVisibleMany(scope, [...new Set(ids)])).map((d) => [d.id, d]),
    );
    const seen = [...new Set(ids)].flatMap((id) => found.get(id) ?? []);
    const locked = await deps.dataLock.lockedIds(seen.map((d) => d.id));
    const open = seen.map((d) => d.id).filter((id) => !locked.has(id));
    const byDevice = new Map<number, Awaited<ReturnType<typeof deps.latest.pointsWithLatest>>>();
    for (const p of open.length === 0 ? [] : await deps.latest.pointsWithLatest(open, 'all'))
      byDevice.set(p.deviceId, [...(byDevice.get(p.deviceId) ?? []), p]);
    return {
      rows: seen.map((d) => {
        const points = byDevice.get(d.id) ?? [];
        const newest = points.reduce<Date | null>(
          (max, p) => (p.at && (!max || p.at > max) ? p.at : max),
          null,
        );
        const lastSeen = newest ?? d.onlineAt;
        return {
          device_id: d.id,
          title: d.binderTitle || d.title || `#${d.id}`,
          status: d.status,
          alarm_type: d.alarmType,
          last_seen: lastSeen ? lastSeen.toISOString() : null,
          locked: locked.has(d.id),
          values: columns.map((name) => {
            const p = points.find((x) => x.name === name);
            return p
              ? {
                  point_id: p.id,
                  name: p.name,
                  unit: p.unit,
                  value: p.text ?? p.value,
                  at: p.at ? p.at.toISOString() : null,
                }
              : null;
          }),
        };
      }),
    };
  }

  /**
   * A SCADA app as the scope sees it (404 otherwise, and for a template, which needs a device), with
   * its points and their latest values; a locked device's points get none.
   */
  async function scadaView(scope: Scope, scadaId: number): Promise<ScreenScadaAnswer> {
    const detail = await deps.scada.get(scope, scadaId);
    if (detail.kind !== 'app') throw notFound('SCADA app');
    const bound = await deps.scada.points(scope, scadaId);
    const open = bound.devices.filter((d) => !d.locked).map((d) => d.id);
    const wanted = new Set(bound.points.map((p) => p.id));
    const latest = open.length === 0 ? [] : await deps.latest.pointsWithLatest(open, 'all');
    return {
      name: detail.name,
      document: detail.document,
      points: bound,
      values: latest
        .filter((p) => wanted.has(p.id))
        .map((p) => ({ point_id: p.id, value: p.text ?? p.value, at: p.at ? p.at.toISOString() : null })),
    };
  }

  /**
   * A map's located devices the scope sees, and the basemap setting. A map naming no device shows all
   * the scope sees when `noneNamed` is 'all' (a signed-in reader: their own devices), and nothing when
   * it is 'none' (an external link: the owner's whole fleet was never chosen for the wall).
   */
  async function mapView(
    scope: Scope,
    devices: readonly number[],
    noneNamed: 'all' | 'none',
  ): Promise<ScreenMapAnswer> {
    const config = await deps.maps.mapConfig();
    if (devices.length === 0 && noneNamed === 'none') return { rows: [], total: 0, unplaced: 0, config };
    const answer = await deps.maps.listedMapDevices(scope, devices.length === 0 ? null : devices);
    return { ...answer, config };
  }

  return { points, data, alarms, status, scadaView, mapView };
}

export type ScreenWidgetData = ReturnType<typeof createScreenWidgetData>;
