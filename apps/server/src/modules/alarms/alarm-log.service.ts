import {
  type AlarmLogQuery,
  type AlarmLogRow,
  type AlarmLogUpdate,
  AlarmStatus,
  type OptionEntry,
} from '@fleet/contracts';
import { notFound } from '../../platform/auth/access.js';
import type { Scope } from '../../platform/auth/scope.js';
import { type AlarmDeviceEvent, BUS, type EventBus } from '../../platform/bus/event-bus.js';
import { noPermission } from '../../platform/http/errors.js';
import { type ListResult, pageWindow } from '../../platform/http/paging.js';
import { zonedStamp } from '../../platform/time/zone.js';
import { levelLabeller } from './alarm-levels.js';
import type { AlarmLogPatch, AlarmLogRepository } from './alarm-log.repository.js';
import { alarmLogSheet } from './alarm-log-export.js';
import { type AlarmLogExportQuery, workbookBuffer, type XlsxFile } from './export-format.js';

/** docs/api-alarms.md: an export holds at most this many rows (`X-Truncated: 1` beyond). */
export const ALARM_EXPORT_CAP = 50_000;
const EXPORT_CHUNK = 5_000;

export interface AlarmLogServiceDeps {
  repo: AlarmLogRepository;
  clock: () => Date;
  bus: EventBus;
  alarmLevels: () => Promise<OptionEntry[]>;
  /** Rows per export (tests lower it to check the truncation cheaply). */
  exportCap?: number;
  exportChunk?: number;
}

/** The alarm log of the devices in the caller's scope: list, handle, delete, export. */
export function createAlarmLogService(deps: AlarmLogServiceDeps) {
  const { repo, clock, bus, alarmLevels } = deps;
  const exportCap = deps.exportCap ?? ALARM_EXPORT_CAP;
  const exportChunk = deps.exportChunk ?? EXPORT_CHUNK;

  async function visible(scope: Scope, id: number) {
    const alarm = await repo.visibleAlarm(scope, id);
    if (!alarm) throw notFound('alarm not found');
    return alarm;
  }

  return {
    async list(scope: Scope, query: AlarmLogQuery): Promise<ListResult<AlarmLogRow>> {
      const { limit, offset } = pageWindow(query);
      return repo.list(scope, query, limit, offset);
    },

    /**
     * Handling records who and when. Re-sending the status an alarm already has keeps the first
     * handler (a remark edit that repeats the status does not take the alarm over); back to
     * unhandled clears them. Handling never closes the alarm: only recovery does.
     */
    async update(scope: Scope, id: number, body: AlarmLogUpdate): Promise<AlarmLogRow> {
      const alarm = await visible(scope, id);
      const patch: AlarmLogPatch = {};
      if (body.dispatch_status !== undefined) patch.dispatchStatus = body.dispatch_status;
      if (body.remark !== undefined) patch.remark = body.remark;
      if (body.status !== undefined) {
        patch.status = body.status;
        if (body.status === AlarmStatus.UNHANDLED) {
          patch.handledBy = null;
          patch.handledAt = null;
        } else if (body.status !== alarm.status || alarm.handledBy === null) {
          patch.handledBy = scope.userId;
          patch.handledAt = clock();
        }
      }
      await repo.update(id, patch);
      const row = await repo.row(id);
      if (!row) throw notFound('alarm not found');
      return row;
    },

    /** Owner side only: an assignee handles alarms but does not rewrite the device's history. */
    async remove(scope: Scope, id: number): Promise<null> {
      const alarm = await visible(scope, id);
      if (!alarm.owned) throw noPermission();
      if (!(await repo.delete(id, alarm.deviceId))) throw notFound('alarm not found');
      // Engines cache the open alarm of each trigger; a deleted open row lets the trigger raise again.
      bus.publish(BUS.alarmDevice, { deviceId: alarm.deviceId } satisfies AlarmDeviceEvent);
      return null;
    },

    /** Newest first, read in chunks, at most `exportCap` rows. */
    async exportXlsx(scope: Scope, query: AlarmLogExportQuery): Promise<XlsxFile> {
      const { lang, tz, page: _page, limit: _limit, ...filter } = query;
      const sheet = alarmLogSheet({ lang, tz, levelLabel: levelLabeller(await alarmLevels(), lang) });
      let written = 0;
      let truncated = false;
      let after: { at: Date; id: number } | undefined;
      while (written < exportCap) {
        const want = Math.min(exportChunk, exportCap - written);
        // One row more than wanted on the last chunk tells whether the cap cut the export.
        const lastChunk = written + want >= exportCap;
        const rows = await repo.chunk(scope, filter, lastChunk ? want + 1 : want, after);
        const kept = rows.slice(0, want);
        sheet.add(kept);
        written += kept.length;
        truncated = rows.length > want;
        const last = kept.at(-1);
        if (!last || rows.length < want || lastChunk) break;
        after = { at: new Date(last.at), id: last.id };
      }
      return {
        file: await workbookBuffer(sheet.workbook),
        name: `alarm-log-${zonedStamp(clock(), tz)}.xlsx`,
        truncated,
      };
    },
  };
}

export type AlarmLogService = ReturnType<typeof createAlarmLogService>;
