import type {
  ContactRow,
  Language,
  ReportPeriod,
  ReportScheduleInput,
  ReportScheduleRow,
} from '@fleet/contracts';
import type { SubjectKind } from './report-query';
import { hhmmToMinute, minuteToHHmm } from './schedule-time';

/**
 * The schedule drawer's values, named like the body's fields so a 10002 lands under its field.
 * `send_at` is 'HH:mm' after the period ends (local time of the browser's zone).
 */
export interface ScheduleFormValues {
  name: string;
  period: ReportPeriod;
  subject_kind: SubjectKind;
  device_id?: number;
  group_id?: number;
  point_names: string[];
  send_at: string;
  lang: Language;
  contact_ids: number[];
  enabled: boolean;
}

/** Body fields the drawer shows server errors under. */
export const SCHEDULE_FIELDS = new Set([
  'name',
  'period',
  'device_id',
  'group_id',
  'point_names',
  'lang',
  'contact_ids',
  'enabled',
]);

export const DEFAULT_SEND_AT = '01:00';

export function emptyScheduleForm(lang: Language): ScheduleFormValues {
  return {
    name: '',
    period: 'day',
    subject_kind: 'device',
    point_names: [],
    send_at: DEFAULT_SEND_AT,
    lang,
    contact_ids: [],
    enabled: true,
  };
}

const LANGS: readonly string[] = ['zh', 'en', 'es'];

export function scheduleFormOf(row: ReportScheduleRow): ScheduleFormValues {
  return {
    name: row.name,
    period: row.period,
    subject_kind: row.group_id !== null ? 'group' : 'device',
    device_id: row.device_id ?? undefined,
    group_id: row.group_id ?? undefined,
    point_names: row.point_names,
    send_at: minuteToHHmm(row.send_at_minute),
    lang: LANGS.includes(row.lang) ? (row.lang as Language) : 'zh',
    contact_ids: row.contact_ids,
    enabled: row.enabled,
  };
}

/**
 * The POST / PUT body: exactly one of device_id / group_id (the other null, so an edit can switch),
 * send_at_minute from 'HH:mm' (the form validates it; 60 if it still cannot be read), the browser's zone.
 */
export function scheduleBody(values: ScheduleFormValues, tz: string): ReportScheduleInput {
  const isDevice = values.subject_kind === 'device';
  return {
    name: values.name.trim(),
    period: values.period,
    device_id: isDevice ? (values.device_id ?? null) : null,
    group_id: isDevice ? null : (values.group_id ?? null),
    point_names: [...new Set(values.point_names.map((n) => n.trim()).filter(Boolean))],
    send_at_minute: hhmmToMinute(values.send_at) ?? 60,
    tz,
    lang: values.lang,
    contact_ids: values.contact_ids,
    enabled: values.enabled,
  };
}

/** Contacts a report can be mailed to: those with an e-mail address. */
export function mailableContacts(contacts: readonly ContactRow[]): ContactRow[] {
  return contacts.filter((c) => c.email.trim() !== '');
}
