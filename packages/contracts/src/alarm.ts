/** Alarm codes, statuses and the display rules of SPEC 4. */

export const AlarmType = {
  RECOVERED: 0,
  OVER_LIMIT: 1,
  CHANGE_OF_STATE: 2,
  RECOVERED_2: 3,
  ONLINE_OFFLINE: 4,
  FIRE: 101,
  SELF_CHECK: 102,
  LOW_BATTERY: 103,
  HIGH_TEMPERATURE: 104,
  TAMPER: 105,
  END_OF_LIFE: 106,
  FAULT: 107,
  OFFLINE: 108,
} as const;
export type AlarmType = (typeof AlarmType)[keyof typeof AlarmType];
export const ALARM_TYPES: readonly AlarmType[] = Object.values(AlarmType);

export type TagColour = 'success' | 'danger' | 'info' | 'warning';

/** SPEC 4 tag colours: 0 and 3 success; 1 and 101 danger; 2 info; 4 and 102-108 warning. */
export function alarmTagColour(type: number): TagColour {
  if (type === 0 || type === 3) return 'success';
  if (type === 1 || type === 101) return 'danger';
  if (type === 2) return 'info';
  return 'warning';
}

/** SPEC 3 alarm log status: 0 unhandled, 1 handled, 2 false alarm. */
export const AlarmStatus = { UNHANDLED: 0, HANDLED: 1, FALSE_ALARM: 2 } as const;
/** SPEC 3 dispatch status: 0 not dispatched, 1 dispatched. */
export const DispatchStatus = { NOT_DISPATCHED: 0, DISPATCHED: 1 } as const;

/**
 * SPEC 4 device status tag: grey 'offline' when status is 0; 'normal' when online and alarm type 0;
 * otherwise the label of the alarm type. Answers what to show; the caller translates.
 */
export type DeviceStatusTag = { kind: 'offline' } | { kind: 'normal' } | { kind: 'alarm'; alarmType: number };
export function deviceStatusTag(status: number, alarmType: number | null | undefined): DeviceStatusTag {
  if (status === 0) return { kind: 'offline' };
  if (!alarmType) return { kind: 'normal' };
  return { kind: 'alarm', alarmType };
}

/** SPEC 4 command statuses, in lifecycle order of the happy path first. */
export const COMMAND_STATUSES = [
  'create',
  'send',
  'resp',
  'fail',
  'networkError',
  'notAuthorized',
  'error',
] as const;
export type CommandStatus = (typeof COMMAND_STATUSES)[number];
