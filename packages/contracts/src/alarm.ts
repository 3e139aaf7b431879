/** Alarm codes, statuses and the display rules of SPEC 4. */
import type { Language } from './system.js';

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

/**
 * SPEC 4 alarm type names in the three languages: the one table behind the screens, the xlsx exports,
 * the notices and GET /dict?key=alarm_type.
 */
export const ALARM_TYPE_LABELS: Record<Language, Record<AlarmType, string>> = {
  zh: {
    0: '报警恢复',
    1: '超限报警',
    2: '变位报警',
    3: '报警恢复',
    4: '上下线报警',
    101: '真实火警',
    102: '自检报警',
    103: '低电量',
    104: '高温',
    105: '防拆',
    106: '寿命到期',
    107: '故障',
    108: '离线',
  },
  en: {
    0: 'Alarm recovered',
    1: 'Over-limit alarm',
    2: 'Change-of-state alarm',
    3: 'Alarm recovered',
    4: 'Online/offline alarm',
    101: 'Real fire alarm',
    102: 'Self-check alarm',
    103: 'Low battery',
    104: 'High temperature',
    105: 'Tamper',
    106: 'End of life',
    107: 'Fault',
    108: 'Offline',
  },
  es: {
    0: 'Alarma recuperada',
    1: 'Alarma de límite',
    2: 'Alarma de cambio de estado',
    3: 'Alarma recuperada',
    4: 'Alarma de conexión',
    101: 'Incendio real',
    102: 'Alarma de autodiagnóstico',
    103: 'Batería baja',
    104: 'Temperatura alta',
    105: 'Manipulación',
    106: 'Fin de vida útil',
    107: 'Avería',
    108: 'Desconectado',
  },
};

/** Name of a code no row of SPEC 4 names, e.g. 'Alarm 250'. */
const OTHER_ALARM: Record<Language, (code: number) => string> = {
  zh: (code) => `报警 ${code}`,
  en: (code) => `Alarm ${code}`,
  es: (code) => `Alarma ${code}`,
};

/** The name of any alarm type code in `lang`. */
export function alarmTypeLabel(type: number, lang: Language): string {
  return ALARM_TYPE_LABELS[lang][type as AlarmType] ?? OTHER_ALARM[lang](type);
}
