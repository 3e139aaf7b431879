import { type AlarmLogRow, alarmTypeLabel } from '@fleet/contracts';
import { noticeLanguage } from '../notice-text.js';

/**
 * The variables our SMS and voice templates fill (docs/notices.md "Template variables"). The keys
 * are in the order Tencent numbers them ({1}, {2}, ...); Aliyun fills them by name. Values are cut
 * to 20 characters: both providers refuse longer variables in notification templates.
 */
const cut = (text: string) => (text.length > 20 ? `${text.slice(0, 19)}…` : text);

/** '2026-11-22 08:30 UTC' */
const minuteText = (at: Date | string) =>
  `${(typeof at === 'string' ? at : at.toISOString()).slice(0, 16).replace('T', ' ')} UTC`;

/** alarm / recovery: device, alarm (type label), value, time. */
export function alarmParams(
  alarm: AlarmLogRow,
  language: string,
  recovered?: AlarmLogRow | null,
): Record<string, string> {
  const lang = noticeLanguage(language);
  const source = alarm.cause === 'recovered' && recovered ? recovered : alarm;
  return {
    device: cut(alarm.device_title || alarm.device_imei),
    alarm: cut(alarmTypeLabel(source.alarm_type, lang)),
    value: cut(alarm.value === null ? '-' : String(alarm.value)),
    time: minuteText(alarm.at),
  };
}

const DIGEST: Record<'zh' | 'en' | 'es', (n: number) => string> = {
  zh: (n) => `另有${n}条报警`,
  en: (n) => `${n} more alarms`,
  es: (n) => `${n} alarmas más`,
};

/** The storm digest, sent with the alarm template: the alarm variable says how many were held back. */
export function digestParams(first: AlarmLogRow, count: number, language: string): Record<string, string> {
  return {
    device: cut(first.device_title || first.device_imei),
    alarm: cut(DIGEST[noticeLanguage(language)](count)),
    value: '-',
    time: minuteText(first.at),
  };
}

/** test: time. */
export const testParams = (now: Date): Record<string, string> => ({ time: minuteText(now) });

/** code: the verification code and its lifetime in minutes. */
export const codeParams = (code: string, minutes: number): Record<string, string> => ({
  code,
  minutes: String(minutes),
});

/** expiry: the devices (titles, cut), how many, and the days left (0 = expired). */
export const expiryParams = (days: number, count: number, devices: string): Record<string, string> => ({
  devices: cut(devices),
  count: String(count),
  days: String(days),
});
