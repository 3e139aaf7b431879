import { alarmTagColour, deviceStatusTag, type TagColour } from '@fleet/contracts';

/** Ant Design tag colours of the SPEC 4 tag colours (grey for offline). */
const ANTD_COLOUR: Record<TagColour, string> = {
  success: 'success',
  danger: 'error',
  info: 'processing',
  warning: 'warning',
};

const KNOWN_ALARMS = new Set([0, 1, 2, 3, 4, 101, 102, 103, 104, 105, 106, 107, 108]);

export interface StatusTagView {
  /** i18n key of the label. */
  key: string;
  params?: Record<string, number>;
  /** Ant Design Tag colour. */
  color: string;
}

/** SPEC 4 device status tag: grey offline (status 0); green normal (online, no alarm); else the alarm label. */
export function statusTagView(status: number, alarmType: number | null | undefined): StatusTagView {
  const tag = deviceStatusTag(status, alarmType);
  if (tag.kind === 'offline') return { key: 'devices.status.offline', color: 'default' };
  if (tag.kind === 'normal') return { key: 'devices.status.normal', color: 'success' };
  return alarmTypeTagView(tag.alarmType);
}

/** SPEC 4 alarm type tag (label key and colour), for alarm lists as well as the device status. */
export function alarmTypeTagView(alarmType: number): StatusTagView {
  const colour = ANTD_COLOUR[alarmTagColour(alarmType)];
  if (KNOWN_ALARMS.has(alarmType)) return { key: `devices.alarmType.${alarmType}`, color: colour };
  return { key: 'devices.alarmType.other', params: { code: alarmType }, color: colour };
}

/** The list's status filter (SPEC 4): all, normal 1, offline 0, alarm 2. */
export type StatusFilter = 'all' | 'normal' | 'offline' | 'alarm';
export function statusQueryOf(filter: StatusFilter): number | undefined {
  if (filter === 'normal') return 1;
  if (filter === 'offline') return 0;
  if (filter === 'alarm') return 2;
  return undefined;
}
