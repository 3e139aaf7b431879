import {
  ALARM_TYPE_LABELS,
  ALARM_TYPES,
  type DictEntry,
  type DictKey,
  type I18nLabel,
} from '@fleet/contracts';

/** Marker of a recommended choice in a label; stripped unless the caller asks to keep it. */
export const STAR = '*';

const l = (zh: string, en: string, es: string): I18nLabel => ({ zh, en, es });

/** Static dictionaries served by GET /dict (SPEC 1, 3, 4). */
export const DICTIONARIES = {
  device_protocol: [
    { value: 1, label: l('MODBUS*', 'MODBUS*', 'MODBUS*') },
    { value: 2, label: l('TCP', 'TCP', 'TCP') },
    { value: 3, label: l('MQTT*', 'MQTT*', 'MQTT*') },
    { value: 4, label: l('NB-IOT', 'NB-IOT', 'NB-IOT') },
    { value: 5, label: l('BDGW', 'BDGW', 'BDGW') },
    { value: 6, label: l('HTTP', 'HTTP', 'HTTP') },
    { value: 7, label: l('UDP', 'UDP', 'UDP') },
    { value: 8, label: l('移动NB-IOT', 'CM-NBIOT', 'CM-NBIOT') },
    { value: 9, label: l('电信NB-IOT', 'CT-NBIOT', 'CT-NBIOT') },
  ],
  user_type: [
    { value: 0, label: l('平台', 'Platform', 'Plataforma') },
    { value: 1, label: l('厂家', 'Manufacturer', 'Fabricante') },
    { value: 2, label: l('一级代理', 'Level-1 agent', 'Agente de nivel 1') },
    { value: 3, label: l('二级代理', 'Level-2 agent', 'Agente de nivel 2') },
    { value: 4, label: l('个人用户', 'Personal user', 'Usuario personal') },
    { value: 5, label: l('注册用户', 'Registered user', 'Usuario registrado') },
  ],
  user_status: [
    { value: 0, label: l('禁用', 'Disabled', 'Deshabilitado') },
    { value: 1, label: l('正常', 'Normal', 'Normal') },
  ],
  alarm_type: ALARM_TYPES.map((value) => ({
    value,
    label: l(ALARM_TYPE_LABELS.zh[value], ALARM_TYPE_LABELS.en[value], ALARM_TYPE_LABELS.es[value]),
  })),
} as const satisfies Record<DictKey, readonly DictEntry[]>;
