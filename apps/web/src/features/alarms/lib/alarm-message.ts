import type { AlarmLogRow } from '@fleet/contracts';
import { alarmTypeTagView } from '../../devices/lib/status';

type Translate = (key: string, params?: Record<string, unknown>) => string;

export type AlarmMessageFields = Pick<
  AlarmLogRow,
  'alarm_type' | 'cause' | 'point_title' | 'point_name' | 'value' | 'threshold'
>;

/** A reading as people read it: integers as they are, fractions to at most 4 decimals. */
export function formatAlarmValue(value: number | null | undefined): string | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  return Number.isInteger(value) ? String(value) : String(Math.round(value * 10_000) / 10_000);
}

/** The i18n key and parameters of an alarm's text (pure, so the wording rules are unit-tested). */
export function alarmMessageKey(row: AlarmMessageFields): {
  key: string;
  params: { point?: string; value?: string; threshold?: string; type?: number };
} {
  const point = row.point_title || row.point_name || undefined;
  const value = formatAlarmValue(row.value) ?? undefined;
  const threshold = row.threshold.trim() || undefined;
  const base = 'alarms.message';
  switch (row.cause) {
    case 'limit':
      if (value !== undefined && threshold !== undefined)
        return { key: `${base}.limit`, params: { point, value, threshold } };
      if (threshold !== undefined) return { key: `${base}.limitNoValue`, params: { point, threshold } };
      return { key: `${base}.limitNoThreshold`, params: { point, value } };
    case 'code':
      return { key: `${base}.code`, params: { point, type: row.alarm_type } };
    case 'stale':
      return { key: `${base}.stale`, params: { point } };
    case 'offline':
      return { key: `${base}.offline`, params: {} };
    case 'recovered':
      if (!point) return { key: `${base}.recoveredDevice`, params: {} };
      if (value !== undefined) return { key: `${base}.recoveredValue`, params: { point, value } };
      return { key: `${base}.recoveredPoint`, params: { point } };
    default:
      return { key: `${base}.other`, params: { type: row.alarm_type } };
  }
}

/**
 * The text shown for an alarm, in the screen's language, from its type, cause, point, value and
 * threshold (the server's `message` is English for logs). A missing point reads "the point".
 */
export function alarmMessage(row: AlarmMessageFields, t: Translate): string {
  const { key, params } = alarmMessageKey(row);
  const view = params.type === undefined ? undefined : alarmTypeTagView(params.type);
  return t(key, {
    ...params,
    point: params.point ?? t('alarms.message.thePoint'),
    type: view ? t(view.key, view.params) : undefined,
  });
}
