import {
  type CsqQuery,
  type CsqReport,
  csqLevel,
  type OnofflineLogQuery,
  type OnofflineLogRow,
} from '@fleet/contracts';
import { notFound } from '../../platform/auth/access.js';
import type { Scope } from '../../platform/auth/scope.js';
import { fieldError, noPermission } from '../../platform/http/errors.js';
import { type ListResult, pageWindow } from '../../platform/http/paging.js';
import type { ConnectivityRepository, OnofflineRecord } from './connectivity.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export const toLogRow = (r: OnofflineRecord): OnofflineLogRow => ({
  id: r.id,
  device_id: r.deviceId,
  device_title: r.deviceTitle,
  device_imei: r.deviceImei,
  status: r.status,
  via: r.via,
  reason: r.reason,
  remote_address: r.remoteAddress,
  at: r.at.toISOString(),
});

/** Online/offline log and signal quality of the devices in the caller's scope. */
export function createConnectivityService(deps: { repo: ConnectivityRepository; clock: () => Date }) {
  const { repo, clock } = deps;
  return {
    async onofflineLog(scope: Scope, query: OnofflineLogQuery): Promise<ListResult<OnofflineLogRow>> {
      const { limit, offset } = pageWindow(query);
      const { rows, total } = await repo.listLog(scope, query, limit, offset);
      return { rows: rows.map(toLogRow), total };
    },

    /** Owner side only: an assignee reads the log but does not rewrite the device's history. */
    async deleteLog(scope: Scope, logId: number): Promise<null> {
      const device = await repo.visibleDeviceOfLog(scope, logId);
      if (!device) throw notFound('log entry not found');
      if (!device.owned) throw noPermission();
      await repo.deleteLog(logId);
      return null;
    },

    async csq(scope: Scope, deviceId: number, query: CsqQuery): Promise<CsqReport> {
      const device = await repo.visibleDevice(scope, deviceId);
      if (!device) throw notFound('device not found');
      const to = query.endtime ?? clock();
      const from = query.starttime ?? new Date(to.getTime() - DAY_MS);
      if (from.getTime() > to.getTime()) throw fieldError('query.starttime', 'range.startAfterEnd');
      const [latest, history] = await Promise.all([
        repo.latestSignal(deviceId),
        repo.signalHistory(deviceId, from, to),
      ]);
      const csq = device.csq ?? latest?.csq ?? null;
      return {
        csq,
        at: latest ? latest.at.toISOString() : null,
        level: csqLevel(csq),
        history: history.map((row) => ({ csq: row.csq, at: row.at.toISOString() })),
      };
    },
  };
}
