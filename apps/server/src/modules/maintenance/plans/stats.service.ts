import type {
  AssetStatsRow,
  DeviceStatsRow,
  MaintenanceStats,
  MaintenanceStatsQuery,
  TechnicianStatsRow,
} from '@fleet/contracts';
import type { Scope } from '../../../platform/auth/scope.js';
import type { FailureRecord, StatsRepository } from './stats.repository.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const round = (v: number) => Math.round(v * 100) / 100;
const mean = (values: number[]) =>
  values.length === 0 ? null : round(values.reduce((a, b) => a + b, 0) / values.length);

/** MTTR: mean hours from each failure to its close (closed repairs only). */
export function mttrHours(failures: readonly FailureRecord[]): number | null {
  return mean(
    failures
      .filter((f) => f.status === 3 && f.closedAt)
      .map((f) => (f.closedAt!.getTime() - f.startedAt.getTime()) / HOUR_MS),
  );
}

/** MTBF: mean hours between consecutive failure starts (null with fewer than two failures). */
export function mtbfHours(failures: readonly FailureRecord[]): number | null {
  const starts = failures.map((f) => f.startedAt.getTime()).sort((a, b) => a - b);
  if (starts.length < 2) return null;
  return round((starts.at(-1)! - starts[0]!) / (starts.length - 1) / HOUR_MS);
}

/** The figures of the caller's tenant over the last `days` days (issue 22 item 6). */
export function createStatsService(deps: { repo: StatsRepository; clock: () => Date }) {
  return {
    async stats(scope: Scope, query: MaintenanceStatsQuery): Promise<MaintenanceStats> {
      const to = deps.clock();
      const from = new Date(to.getTime() - query.days * DAY_MS);
      const [failures, closed, overdue] = await Promise.all([
        deps.repo.failures(scope, from, to, query.device_id),
        deps.repo.closed(scope, from, to, query.device_id),
        deps.repo.overdue(scope, to, query.device_id),
      ]);
      const figures = (
        id: (r: { deviceId: number | null; assetId: number | null }) => number | null,
        title: (r: { deviceTitle: string | null; assetTitle: string | null }) => string | null,
      ) => {
        const groups = new Map<number, { title: string; failures: FailureRecord[]; overdue: number }>();
        const entry = (key: number, name: string | null) => {
          const found = groups.get(key) ?? { title: name ?? `#${key}`, failures: [], overdue: 0 };
          groups.set(key, found);
          return found;
        };
        for (const f of failures) {
          const key = id(f);
          if (key !== null) entry(key, title(f)).failures.push(f);
        }
        for (const o of overdue) {
          const key = id(o);
          if (key !== null) entry(key, title(o)).overdue += 1;
        }
        return [...groups.entries()]
          .map(([key, e]) => ({
            key,
            title: e.title,
            failures: e.failures.length,
            repaired: e.failures.filter((f) => f.status === 3).length,
            mttr_hours: mttrHours(e.failures),
            mtbf_hours: mtbfHours(e.failures),
            overdue: e.overdue,
          }))
          .sort((a, b) => b.failures - a.failures || b.overdue - a.overdue || a.key - b.key);
      };
      const devices: DeviceStatsRow[] = figures(
        (r) => r.deviceId,
        (r) => r.deviceTitle,
      ).map(({ key, title, ...f }) => ({ device_id: key, device_title: title, ...f }));
      const assets: AssetStatsRow[] = figures(
        (r) => r.assetId,
        (r) => r.assetTitle,
      ).map(({ key, title, ...f }) => ({ asset_id: key, asset_title: title, ...f }));
      const byTech = new Map<number, { name: string; hours: number[]; overdue: number }>();
      for (const c of closed) {
        const entry = byTech.get(c.assigneeId) ?? { name: c.name, hours: [], overdue: 0 };
        entry.hours.push((c.closedAt.getTime() - c.createdAt.getTime()) / HOUR_MS);
        byTech.set(c.assigneeId, entry);
      }
      for (const o of overdue) {
        if (o.assigneeId === null) continue;
        const entry = byTech.get(o.assigneeId) ?? {
          name: o.name ?? `#${o.assigneeId}`,
          hours: [],
          overdue: 0,
        };
        entry.overdue += 1;
        byTech.set(o.assigneeId, entry);
      }
      const technicians: TechnicianStatsRow[] = [...byTech.entries()]
        .map(([id, e]) => ({
          assignee_id: id,
          name: e.name,
          closed: e.hours.length,
          mean_close_hours: mean(e.hours),
          overdue: e.overdue,
        }))
        .sort((a, b) => b.closed - a.closed || a.assignee_id - b.assignee_id);
      // Tenant MTBF: the mean of the devices' MTBF (failures of different devices are not a sequence).
      const mtbfs = devices.map((d) => d.mtbf_hours).filter((v): v is number => v !== null);
      return {
        from: from.toISOString(),
        to: to.toISOString(),
        totals: {
          failures: failures.length,
          repaired: failures.filter((f) => f.status === 3).length,
          mttr_hours: mttrHours(failures),
          mtbf_hours: mean(mtbfs),
          overdue: overdue.length,
          closed: closed.length,
        },
        devices,
        assets,
        technicians,
      };
    },
  };
}

export type StatsService = ReturnType<typeof createStatsService>;
