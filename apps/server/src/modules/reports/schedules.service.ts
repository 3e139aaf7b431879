import {
  EXPORT_MAX_ACTIVE_PER_USER,
  type ExportJobRow,
  type ListQuery,
  type ReportScheduleInput,
  type ReportScheduleRow,
} from '@fleet/contracts';
import { notFound } from '../../platform/auth/access.js';
import { hasPermission, type Scope } from '../../platform/auth/scope.js';
import { fieldError, noPermission, userMessage } from '../../platform/http/errors.js';
import { type ListResult, pageWindow } from '../../platform/http/paging.js';
import type { ReportService } from './report.service.js';
import { lastCompletePeriod, nextRunAt, reportExport } from './schedule-runs.js';
import type { ReportScheduleUpdate } from './schedule-update.js';
import type {
  ExportJobRecord,
  ScheduleParams,
  ScheduleRecord,
  SchedulesRepository,
  ScheduleValues,
} from './schedules.repository.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const toRow = (r: ScheduleRecord): ReportScheduleRow => {
  const p = r.params as ScheduleParams;
  return {
    id: r.id,
    name: r.name,
    period: r.period as ReportScheduleRow['period'],
    device_id: p.device_id ?? null,
    group_id: p.group_id ?? null,
    subject_title: r.subjectTitle,
    point_names: p.point_names ?? [],
    send_at_minute: r.sendAtMinute,
    tz: r.tz,
    lang: r.lang,
    contact_ids: (r.contactIds as number[]) ?? [],
    enabled: r.enabled,
    next_run_at: r.nextRunAt.toISOString(),
    last_run_at: iso(r.lastRunAt),
    last_export_id: r.lastExportId,
    last_error: r.lastError,
    created_at: r.createdAt.toISOString(),
  };
};

export const toExportJobRow = (j: ExportJobRecord): ExportJobRow => ({
  id: j.id,
  kind: j.kind as ExportJobRow['kind'],
  title: j.title,
  status: j.status as ExportJobRow['status'],
  progress: j.progress,
  rows: j.rows,
  format: j.format,
  file_name: j.fileName,
  size: j.fileSize,
  error: j.error,
  created_at: j.createdAt.toISOString(),
  finished_at: iso(j.finishedAt),
  expires_at: iso(j.expiresAt),
});

export interface SchedulesServiceDeps {
  repo: SchedulesRepository;
  /** Checks that the caller sees the device or group (404 otherwise). */
  reports: Pick<ReportService, 'points'>;
  clock: () => Date;
  /** Tells the export workers a job is queued. */
  wakeExports: () => void;
}

/** Scheduled data reports of the caller (docs/api-datacenter.md "Scheduled reports"). */
export function createSchedulesService({ repo, reports, clock, wakeExports }: SchedulesServiceDeps) {
  const own = async (scope: Scope, id: number): Promise<ScheduleRecord> => {
    const schedule = await repo.findOwn(scope.userId, id);
    if (!schedule) throw notFound('report schedule not found');
    return schedule;
  };

  /** The subject (exactly one of device and group, visible) and the contacts (the caller's, with e-mail). */
  async function check(scope: Scope, s: ScheduleParams, contactIds: readonly number[]): Promise<void> {
    // A scheduled report is delivered as an export (it also lands in the download list).
    if (!hasPermission(scope, 'ExportFile')) throw noPermission();
    if ((s.device_id === null) === (s.group_id === null))
      throw fieldError('body.device_id', 'report.deviceOrGroup');
    await reports.points(
      scope,
      s.device_id !== null ? { device_id: s.device_id } : { group_id: s.group_id ?? undefined },
    );
    const found = new Map((await repo.visibleContacts(scope, contactIds)).map((c) => [c.id, c.email]));
    for (const id of contactIds) {
      if (!found.has(id)) throw fieldError('body.contact_ids', 'contact.notFound', { id });
      if (!found.get(id)) throw fieldError('body.contact_ids', 'contact.noEmail', { id });
    }
  }

  return {
    async list(scope: Scope, query: ListQuery): Promise<ListResult<ReportScheduleRow>> {
      const { limit, offset } = pageWindow(query);
      const { rows, total } = await repo.list(scope.userId, limit, offset);
      return { rows: rows.map(toRow), total };
    },

    async create(scope: Scope, body: ReportScheduleInput): Promise<ReportScheduleRow> {
      const params: ScheduleParams = {
        device_id: body.device_id ?? null,
        group_id: body.group_id ?? null,
        point_names: body.point_names,
      };
      const contactIds = [...new Set(body.contact_ids)];
      await check(scope, params, contactIds);
      const now = clock();
      const values: ScheduleValues = {
        userId: scope.userId,
        name: body.name,
        period: body.period,
        params,
        sendAtMinute: body.send_at_minute,
        tz: body.tz,
        lang: body.lang,
        contactIds,
        enabled: body.enabled,
        nextRunAt: nextRunAt({ period: body.period, tz: body.tz, sendAtMinute: body.send_at_minute }, now),
      };
      const id = await repo.insert(values, now);
      return toRow((await repo.findOwn(scope.userId, id))!);
    },

    async update(scope: Scope, id: number, body: ReportScheduleUpdate): Promise<ReportScheduleRow> {
      const current = await own(scope, id);
      const stored = current.params as ScheduleParams;
      const subjectGiven = body.device_id !== undefined || body.group_id !== undefined;
      const params: ScheduleParams = {
        device_id: subjectGiven ? (body.device_id ?? null) : stored.device_id,
        group_id: subjectGiven ? (body.group_id ?? null) : stored.group_id,
        point_names: body.point_names ?? stored.point_names ?? [],
      };
      const contactIds = body.contact_ids ? [...new Set(body.contact_ids)] : (current.contactIds as number[]);
      await check(scope, params, body.contact_ids ? contactIds : []);
      const next = {
        period: body.period ?? current.period,
        tz: body.tz ?? current.tz,
        sendAtMinute: body.send_at_minute ?? current.sendAtMinute,
      };
      const enabled = body.enabled ?? current.enabled;
      // The timing changed or the schedule wakes up: the next run follows from now, not the old plan.
      const retime =
        next.period !== current.period ||
        next.tz !== current.tz ||
        next.sendAtMinute !== current.sendAtMinute ||
        (enabled && !current.enabled);
      await repo.update(id, {
        name: body.name ?? current.name,
        period: next.period,
        params,
        sendAtMinute: next.sendAtMinute,
        tz: next.tz,
        lang: body.lang ?? current.lang,
        contactIds,
        enabled,
        ...(retime ? { nextRunAt: nextRunAt(next, clock()) } : {}),
      });
      return toRow((await repo.findOwn(scope.userId, id))!);
    },

    async remove(scope: Scope, id: number): Promise<null> {
      await own(scope, id);
      await repo.remove(id);
      return null;
    },

    /**
     * Queues the export of the last complete period now; the scheduler e-mails it once done. The plan
     * (next_run_at) stays; the per-user limit of running exports applies.
     */
    async run(scope: Scope, id: number): Promise<ExportJobRow> {
      const schedule = await own(scope, id);
      const params = schedule.params as ScheduleParams;
      await check(scope, params, []);
      if ((await repo.activeExports(scope.userId)) >= EXPORT_MAX_ACTIVE_PER_USER)
        throw userMessage('export.tooManyActive', { max: EXPORT_MAX_ACTIVE_PER_USER });
      const now = clock();
      const job = await repo.insertExport(reportExport(schedule, lastCompletePeriod(schedule, now), now));
      await repo.recordRun(id, { exportId: job.id, at: now });
      wakeExports();
      return toExportJobRow(job);
    },
  };
}

export type SchedulesService = ReturnType<typeof createSchedulesService>;
