/**
 * Messages the server sends for a person to read (code 20000, and the reason of some 10002 answers),
 * in the three languages of SPEC 1. The server answers the key and its parameters beside the English
 * text (`msg_key`, `msg_params` in the envelope); the web app shows the text of the user's language
 * from this same table, so a message is written once and cannot drift between server and screen.
 * Placeholders are `{name}`; every language of a message uses the same ones (a test holds them together).
 */

import { ASSET_MESSAGES } from './messages-assets.js';
import { FEES_MESSAGES } from './messages-fees.js';
import { LIMIT_MESSAGES } from './messages-limits.js';
import { MAINTENANCE_MESSAGES } from './messages-maintenance.js';
import { MAINTENANCE_PLAN_MESSAGES } from './messages-maintenance-plans.js';
import { OTA_MESSAGES } from './messages-ota.js';
import { SCADA_MESSAGES } from './messages-scada.js';
import { SMS_MESSAGES } from './messages-sms.js';

export interface MessageTexts {
  zh: string;
  en: string;
  es: string;
}

export const SERVER_MESSAGES = {
  // Sign-in, sessions and registration
  'auth.throttled': {
    zh: '登录失败次数过多,请稍后再试',
    en: 'too many failed sign-in attempts, please try again later',
    es: 'demasiados intentos fallidos de inicio de sesión; inténtelo más tarde',
  },
  'auth.accountDisabled': {
    zh: '账号已被禁用',
    en: 'account is disabled',
    es: 'la cuenta está deshabilitada',
  },
  'auth.accountExpired': {
    zh: '账号已过期',
    en: 'account has expired',
    es: 'la cuenta ha caducado',
  },
  'auth.demoDisabled': {
    zh: '演示账号未启用',
    en: 'demo is not enabled',
    es: 'la demostración no está habilitada',
  },
  'registration.tooMany': {
    zh: '注册过于频繁,请稍后再试',
    en: 'too many registrations, please try again later',
    es: 'demasiados registros; inténtelo más tarde',
  },
  'registration.unavailable': {
    zh: '当前不开放注册',
    en: 'registration is not available',
    es: 'el registro no está disponible',
  },
  // Users and roles
  'user.usernameExists': {
    zh: '用户名已存在',
    en: 'username already exists',
    es: 'el nombre de usuario ya existe',
  },
  'user.oldPasswordWrong': {
    zh: '原密码错误',
    en: 'old password is wrong',
    es: 'la contraseña anterior es incorrecta',
  },
  'user.hasChildren': {
    zh: '该用户下还有下级用户',
    en: 'the user still has users below it',
    es: 'el usuario todavía tiene usuarios por debajo',
  },
  'user.ownsDevices': {
    zh: '该用户名下还有设备',
    en: 'the user still owns devices',
    es: 'el usuario todavía tiene dispositivos',
  },
  'user.limitAboveOwn': {
    zh: '{limit} 超过了您自己的额度({own})',
    en: '{limit}: more than you have ({own})',
    es: '{limit}: más de lo que usted tiene ({own})',
  },
  'role.nameExists': {
    zh: '已存在同名角色',
    en: 'a role with this name already exists',
    es: 'ya existe un rol con este nombre',
  },
  'role.inUse': {
    zh: '该角色仍分配给了用户',
    en: 'the role is still assigned to users',
    es: 'el rol todavía está asignado a usuarios',
  },
  'customize.domainExists': {
    zh: '该域名已有定制',
    en: 'this domain is already customized',
    es: 'este dominio ya está personalizado',
  },
  // Devices
  'model.inUse': {
    zh: '该型号正被 {count} 台设备使用',
    en: 'the model is used by {count} devices',
    es: 'el modelo lo usan {count} dispositivos',
  },
  'ingest.tooManyRequests': {
    zh: '请求过于频繁',
    en: 'too many requests',
    es: 'demasiadas solicitudes',
  },
  // Data center
  'export.tooManyActive': {
    zh: '同时最多只能有 {max} 个导出任务排队或运行:请等待其中一个完成或删除一个',
    en: 'at most {max} exports can be queued or running at once: wait for one to finish or delete one',
    es: 'como máximo {max} exportaciones pueden estar en cola o en curso: espere a que termine una o elimine una',
  },
  // Reasons of 10002 answers that a form can cause (the field stays in front: "body.x: reason")
  'range.endBeforeStart': {
    zh: '结束时间不能早于开始时间',
    en: 'must not be before starttime',
    es: 'no puede ser anterior a la hora de inicio',
  },
  'range.startAfterEnd': {
    zh: '开始时间不能晚于结束时间',
    en: 'must not be after endtime',
    es: 'no puede ser posterior a la hora de fin',
  },
  'range.tooLongDays': {
    zh: '时间范围最多 {days} 天',
    en: 'the range may cover at most {days} days',
    es: 'el intervalo puede cubrir como máximo {days} días',
  },
  'report.deviceOrGroup': {
    zh: '请在设备和分组中二选一',
    en: 'give exactly one of device_id and group_id',
    es: 'indique solo uno de device_id y group_id',
  },
  'report.tooManyPeriods': {
    zh: '一份报表最多 {max} 个周期',
    en: 'at most {max} periods in one report',
    es: 'como máximo {max} periodos en un informe',
  },
  'contact.notFound': {
    zh: '联系人 {id} 不存在',
    en: 'contact {id} not found',
    es: 'no existe el contacto {id}',
  },
  'contact.noEmail': {
    zh: '联系人 {id} 没有邮箱',
    en: 'contact {id} has no e-mail',
    es: 'el contacto {id} no tiene correo electrónico',
  },
  'trigger.unknownContact': {
    zh: '联系人不存在',
    en: 'unknown contact',
    es: 'contacto desconocido',
  },
  'trigger.notPointOfDevice': {
    zh: '该数据点不属于此设备',
    en: 'not a point of the device',
    es: 'no es un punto del dispositivo',
  },
  'trigger.tooManyOnPoint': {
    zh: '每个数据点最多 {max} 个触发器',
    en: 'at most {max} triggers per point',
    es: 'como máximo {max} disparadores por punto',
  },
  'trigger.deadbandTooWide': {
    zh: '死区过宽(2 × 死区 > 上限 − 下限)',
    en: 'wider than the range (2 × deadband > uplmt − lolmt)',
    es: 'más ancha que el intervalo (2 × banda muerta > uplmt − lolmt)',
  },
  'import.noImei': {
    zh: '没有填写 IMEI(每行一个)',
    en: 'no IMEI given (one per line)',
    es: 'no se indicó ningún IMEI (uno por línea)',
  },
  // OTA (messages-ota.ts) and SCADA (messages-scada.ts), one file per area
  ...OTA_MESSAGES,
  ...SCADA_MESSAGES,
  ...FEES_MESSAGES,
  ...LIMIT_MESSAGES,
  // SMS and voice notices, phone sign-in (messages-sms.ts)
  ...SMS_MESSAGES,
  // Maintenance work orders (messages-maintenance.ts)
  ...MAINTENANCE_MESSAGES,
  // The device ledger (messages-assets.ts)
  ...ASSET_MESSAGES,
  // Maintenance plans and figures (messages-maintenance-plans.ts)
  ...MAINTENANCE_PLAN_MESSAGES,
  // The money ledger (DESIGN 14, docs/ledger.md)
  'ledger.insufficientBalance': {
    zh: '余额不足',
    en: 'insufficient balance',
    es: 'saldo insuficiente',
  },
  'ledger.insufficientQuota': {
    zh: '剩余条数不足',
    en: 'not enough remaining quota',
    es: 'cuota restante insuficiente',
  },
  'ledger.idempotencyConflict': {
    zh: '该请求编号已用于另一笔不同的交易',
    en: 'this request id was already used for a different transaction',
    es: 'este identificador de solicitud ya se usó para otra transacción distinta',
  },
  'ledger.transferNotFound': {
    zh: '交易不存在',
    en: 'no such transaction',
    es: 'la transacción no existe',
  },
  'ledger.transferSettled': {
    zh: '交易已完成或已撤销,不能再更改',
    en: 'the transaction is already completed or cancelled and cannot be changed',
    es: 'la transacción ya está completada o anulada y no se puede cambiar',
  },
} as const satisfies Record<string, MessageTexts>;

export type ServerMessageKey = keyof typeof SERVER_MESSAGES;
export type MessageParams = Record<string, string | number>;
export type MessageLanguage = keyof MessageTexts;

export function isServerMessageKey(key: unknown): key is ServerMessageKey {
  return typeof key === 'string' && Object.hasOwn(SERVER_MESSAGES, key);
}

/** The `{name}` placeholders of a text, sorted (for the test that keeps the languages in step). */
export function placeholdersOf(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort();
}

/** The message in `language` with its placeholders filled (a missing parameter stays visible as {name}). */
export function formatServerMessage(
  key: ServerMessageKey,
  params: MessageParams = {},
  language: MessageLanguage = 'en',
): string {
  return SERVER_MESSAGES[key][language].replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}
