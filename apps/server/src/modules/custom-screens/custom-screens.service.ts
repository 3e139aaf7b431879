import { randomBytes } from 'node:crypto';
import {
  ALL_PERMISSIONS,
  type CustomScreenCreateBody,
  type CustomScreenDetail,
  type CustomScreenDocument,
  type CustomScreenListQuery,
  type CustomScreenRow,
  type CustomScreenUpdateBody,
  customScreenDocument,
  emptyScreenDocument,
  type ListResult,
  type ScreenAlarmsAnswer,
  type ScreenMapAnswer,
  type ScreenPointsAnswer,
  type ScreenScadaAnswer,
  type ScreenSource,
  type ScreenSourceData,
  type ScreenStatusAnswer,
  type SharedScreen,
  screenPointIds,
  UserType,
} from '@fleet/contracts';
import type { Scope } from '../../platform/auth/scope.js';
import { hasPermission } from '../../platform/auth/scope.js';
import { noPermission, paramError, userMessage } from '../../platform/http/errors.js';
import { pageWindow } from '../../platform/http/paging.js';
import { assertWithinLimit } from '../../platform/tenancy/resource-limits.js';
import type { AlarmRows } from '../alarms/alarm-rows.service.js';
import type { DataLock } from '../devices/data-lock.js';
import { notFound } from '../devices/device-errors.js';
import type { DeviceLookup } from '../devices/device-lookup.service.js';
import type { ScadaService } from '../scada/scada.service.js';
import type { ScreensService } from '../screens/screens.service.js';
import type { TelemetryService } from '../telemetry/telemetry.service.js';
import type { CustomScreenListRow, CustomScreensRepository } from './custom-screens.repository.js';

export interface CustomScreensServiceDeps {
  repo: CustomScreensRepository;
  devices: Pick<DeviceLookup, 'findVisible'>;
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

const toRow = (r: CustomScreenListRow): CustomScreenRow => ({
  id: r.id,
  name: r.name,
  owner_user_id: r.ownerUserId,
  version: r.version,
  published: r.published,
  share_token: r.shareToken,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

/** A document from a request, parsed; 10002 naming the offending path otherwise. */
export function checkScreenDocument(json: unknown, field: string): CustomScreenDocument {
  const result = customScreenDocument.safeParse(json);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const path = issue.path.map(String).join('.');
  throw paramError(`${field}${path ? `.${path}` : ''}: ${issue.message}`);
}

/** Designing, publishing and sharing need CustomScreen/edit; the routes ask CustomScreen of everything. */
function requireEditor(scope: Scope) {
  if (!hasPermission(scope, 'CustomScreen/edit')) throw noPermission();
}

/**
 * The scope an external link reads with: the screen's owner, for the points its screen binds only
 * (the service never passes any other point id with it).
 */
function ownerScope(ownerUserId: number, path: string): Scope {
  return {
    userId: ownerUserId,
    userType: UserType.AGENT_2,
    path,
    isAdmin: false,
    permissions: new Set(ALL_PERMISSIONS),
    roles: [],
    isDemo: false,
    sessionId: 'screen-share',
    isSubuser: false,
    dataOwnerId: ownerUserId,
    dataPath: path,
  };
}

/** Custom screens of a tenant (issue 23 item 2, docs/custom-screens.md). */
export function createCustomScreensService(deps: CustomScreensServiceDeps) {
  const { repo } = deps;

  async function visible(scope: Scope, id: number) {
    const row = await repo.findVisible(scope, id);
    if (!row) throw notFound('custom screen');
    return row;
  }

  async function shared(token: string) {
    const found = token.length >= 20 ? await repo.findByShareToken(token) : undefined;
    if (!found) throw userMessage('screen.shareRevoked', undefined, 404);
    return found;
  }

  /**
   * The points among `ids` on devices the scope sees, with their latest values; a device whose data is
   * locked (fees) shows its points without values.
   */
  async function points(scope: Scope, ids: readonly number[]): Promise<ScreenPointsAnswer> {
    const meta = await deps.latest.points(ids);
    const deviceIds = [...new Set(meta.map((p) => p.deviceId))];
    const devices = new Map<number, string>();
    for (const id of deviceIds) {
      const device = await deps.devices.findVisible(scope, id);
      if (device) devices.set(id, device.binderTitle || device.title || `#${id}`);
    }
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
    const seen = [];
    for (const id of new Set(ids)) {
      const device = await deps.devices.findVisible(scope, id);
      if (device) seen.push(device);
    }
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

  /** A map's located devices the scope sees (those named; none named: all) and the basemap setting. */
  async function mapView(scope: Scope, devices: readonly number[]): Promise<ScreenMapAnswer> {
    const answer = await deps.maps.listedMapDevices(scope, devices.length === 0 ? null : devices);
    return { ...answer, config: await deps.maps.mapConfig() };
  }

  function mapWidget(doc: CustomScreenDocument, widgetId: string) {
    const widget = Object.hasOwn(doc.widgets, widgetId) ? doc.widgets[widgetId] : undefined;
    if (widget?.kind !== 'map') throw userMessage('screen.unknownWidget', { id: widgetId }, 404);
    return widget;
  }

  function scadaWidget(doc: CustomScreenDocument, widgetId: string) {
    const widget = Object.hasOwn(doc.widgets, widgetId) ? doc.widgets[widgetId] : undefined;
    if (widget?.kind !== 'scada') throw userMessage('screen.unknownWidget', { id: widgetId }, 404);
    return widget;
  }

  function statusWidget(doc: CustomScreenDocument, widgetId: string) {
    const widget = Object.hasOwn(doc.widgets, widgetId) ? doc.widgets[widgetId] : undefined;
    if (widget?.kind !== 'status') throw userMessage('screen.unknownWidget', { id: widgetId }, 404);
    return widget;
  }

  function alarmWidget(doc: CustomScreenDocument, widgetId: string) {
    const widget = Object.hasOwn(doc.widgets, widgetId) ? doc.widgets[widgetId] : undefined;
    if (widget?.kind !== 'alarms') throw userMessage('screen.unknownWidget', { id: widgetId }, 404);
    return widget;
  }

  function widgetSource(doc: CustomScreenDocument, widgetId: string): ScreenSource {
    const widget = Object.hasOwn(doc.widgets, widgetId) ? doc.widgets[widgetId] : undefined;
    if (!widget || !('source' in widget)) throw userMessage('screen.unknownWidget', { id: widgetId }, 404);
    return widget.source;
  }

  const detail = (row: Awaited<ReturnType<typeof visible>>): CustomScreenDetail => ({
    ...toRow(row),
    document: row.document,
  });

  return {
    async list(scope: Scope, q: CustomScreenListQuery): Promise<ListResult<CustomScreenRow>> {
      const { limit, offset } = pageWindow(q);
      const { rows, total } = await repo.list(
        scope,
        { search: q.search, published: q.published === undefined ? undefined : q.published === '1' },
        limit,
        offset,
      );
      return { rows: rows.map(toRow), total };
    },

    async get(scope: Scope, id: number): Promise<CustomScreenDetail> {
      return detail(await visible(scope, id));
    },

    /** A new screen (empty unless a document is given), counted against the `screens` limit. */
    async create(scope: Scope, body: CustomScreenCreateBody): Promise<CustomScreenDetail> {
      requireEditor(scope);
      const document =
        body.document === undefined
          ? emptyScreenDocument()
          : checkScreenDocument(body.document, 'body.document');
      const ownerUserId = scope.dataOwnerId;
      const row = await repo.transaction(async (tx) => {
        await assertWithinLimit(tx, ownerUserId, 'screens');
        return repo.insert(
          { ownerUserId, name: body.name, document, published: false, shareToken: null },
          tx,
        );
      });
      return detail(row);
    },

    /** Rename, publish / unpublish, save the document (with the version it was loaded at: stale is 20000). */
    async update(scope: Scope, id: number, body: CustomScreenUpdateBody): Promise<CustomScreenDetail> {
      requireEditor(scope);
      await visible(scope, id);
      const document =
        body.document === undefined ? undefined : checkScreenDocument(body.document, 'body.document');
      const row = await repo.update(
        id,
        {
          ...(body.name !== undefined && { name: body.name }),
          ...(document !== undefined && { document }),
          ...(body.published !== undefined && { published: body.published }),
        },
        { expectedVersion: document === undefined ? undefined : body.version, bump: document !== undefined },
      );
      if (!row) {
        const now = await repo.findVisible(scope, id);
        if (!now) throw notFound('custom screen');
        throw userMessage('screen.staleVersion', { version: now.version });
      }
      return detail(row);
    },

    async remove(scope: Scope, id: number): Promise<null> {
      requireEditor(scope);
      await visible(scope, id);
      await repo.remove(id);
      return null;
    },

    /** A new external link token; the previous link (if any) stops working. */
    async share(scope: Scope, id: number): Promise<{ share_token: string }> {
      requireEditor(scope);
      await visible(scope, id);
      const token = randomBytes(32).toString('base64url');
      await repo.update(id, { shareToken: token }, { bump: false });
      return { share_token: token };
    },

    async revokeShare(scope: Scope, id: number): Promise<{ share_token: null }> {
      requireEditor(scope);
      await visible(scope, id);
      await repo.update(id, { shareToken: null }, { bump: false });
      return { share_token: null };
    },

    /** The stored screen's bound points with their latest values. */
    async points(scope: Scope, id: number): Promise<ScreenPointsAnswer> {
      const row = await visible(scope, id);
      return points(scope, screenPointIds(row.document));
    },

    /** A widget's source of the stored screen. */
    async data(scope: Scope, id: number, widgetId: string): Promise<ScreenSourceData> {
      const row = await visible(scope, id);
      return data(scope, widgetSource(row.document, widgetId));
    },

    /** The designer's preview of widgets not saved yet (the caller's own visibility applies). */
    async previewPoints(scope: Scope, ids: readonly number[]): Promise<ScreenPointsAnswer> {
      requireEditor(scope);
      return points(scope, ids);
    },

    async previewData(scope: Scope, source: ScreenSource): Promise<ScreenSourceData> {
      requireEditor(scope);
      return data(scope, source);
    },

    /** An alarm list widget of the stored screen. */
    async alarms(scope: Scope, id: number, widgetId: string): Promise<ScreenAlarmsAnswer> {
      const row = await visible(scope, id);
      const widget = alarmWidget(row.document, widgetId);
      return alarms(scope, widget.devices, widget.rows);
    },

    async previewAlarms(
      scope: Scope,
      body: { devices: number[]; rows: number },
    ): Promise<ScreenAlarmsAnswer> {
      requireEditor(scope);
      return alarms(scope, body.devices, body.rows);
    },

    /** Only the devices the shared screen's alarm list names, read as its owner. */
    async sharedAlarms(token: string, widgetId: string): Promise<ScreenAlarmsAnswer> {
      const { screen, ownerPath } = await shared(token);
      const widget = alarmWidget(screen.document, widgetId);
      return alarms(ownerScope(screen.ownerUserId, ownerPath), widget.devices, widget.rows);
    },

    /** A status table widget of the stored screen. */
    async status(scope: Scope, id: number, widgetId: string): Promise<ScreenStatusAnswer> {
      const row = await visible(scope, id);
      const widget = statusWidget(row.document, widgetId);
      return status(scope, widget.devices, widget.columns);
    },

    async previewStatus(
      scope: Scope,
      body: { devices: number[]; columns: string[] },
    ): Promise<ScreenStatusAnswer> {
      requireEditor(scope);
      return status(scope, body.devices, body.columns);
    },

    /**
     * Only the devices the shared screen's status table names, read as its owner: a device outside the
     * owner's scope (a hand-edited document, a device given away since) is left out like any other.
     */
    async sharedStatus(token: string, widgetId: string): Promise<ScreenStatusAnswer> {
      const { screen, ownerPath } = await shared(token);
      const widget = statusWidget(screen.document, widgetId);
      return status(ownerScope(screen.ownerUserId, ownerPath), widget.devices, widget.columns);
    },

    /** An embedded SCADA widget of the stored screen. */
    async scada(scope: Scope, id: number, widgetId: string): Promise<ScreenScadaAnswer> {
      const row = await visible(scope, id);
      return scadaView(scope, scadaWidget(row.document, widgetId).scada);
    },

    /** The designer picks from the SCADA list, so it reads a drawing only with the SCADA permission too. */
    async previewScada(scope: Scope, scadaId: number): Promise<ScreenScadaAnswer> {
      requireEditor(scope);
      if (!hasPermission(scope, 'IndScada')) throw noPermission();
      return scadaView(scope, scadaId);
    },

    /** Only the SCADA app the shared screen's widget names, read as its owner (in the owner's scope). */
    async sharedScada(token: string, widgetId: string): Promise<ScreenScadaAnswer> {
      const { screen, ownerPath } = await shared(token);
      return scadaView(
        ownerScope(screen.ownerUserId, ownerPath),
        scadaWidget(screen.document, widgetId).scada,
      );
    },

    /** A map widget of the stored screen. */
    async map(scope: Scope, id: number, widgetId: string): Promise<ScreenMapAnswer> {
      const row = await visible(scope, id);
      return mapView(scope, mapWidget(row.document, widgetId).devices);
    },

    async previewMap(scope: Scope, devices: number[]): Promise<ScreenMapAnswer> {
      requireEditor(scope);
      return mapView(scope, devices);
    },

    /** The shared screen's map, read as its owner: the devices it names (or all) in the owner's scope. */
    async sharedMap(token: string, widgetId: string): Promise<ScreenMapAnswer> {
      const { screen, ownerPath } = await shared(token);
      return mapView(ownerScope(screen.ownerUserId, ownerPath), mapWidget(screen.document, widgetId).devices);
    },

    async sharedScreen(token: string): Promise<SharedScreen> {
      const { screen } = await shared(token);
      return { name: screen.name, version: screen.version, document: screen.document };
    },

    /** Only the points the shared screen binds, read as its owner. */
    async sharedPoints(token: string): Promise<ScreenPointsAnswer> {
      const { screen, ownerPath } = await shared(token);
      return points(ownerScope(screen.ownerUserId, ownerPath), screenPointIds(screen.document));
    },

    async sharedData(token: string, widgetId: string): Promise<ScreenSourceData> {
      const { screen, ownerPath } = await shared(token);
      return data(ownerScope(screen.ownerUserId, ownerPath), widgetSource(screen.document, widgetId));
    },
  };
}

export type CustomScreensService = ReturnType<typeof createCustomScreensService>;
