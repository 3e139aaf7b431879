import type { DictEntry, DictKey, I18nLabel } from '@fleet/contracts';

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
  alarm_type: [
    { value: 0, label: l('报警恢复', 'Alarm recovered', 'Alarma recuperada') },
    { value: 1, label: l('越限报警', 'Over-limit alarm', 'Alarma de límite superado') },
    { value: 2, label: l('变位报警', 'Change-of-state alarm', 'Alarma de cambio de estado') },
    { value: 3, label: l('报警恢复', 'Alarm recovered', 'Alarma recuperada') },
    { value: 4, label: l('上下线报警', 'Online/offline alarm', 'Alarma de conexión/desconexión') },
    { value: 101, label: l('真实火警', 'Real fire alarm', 'Alarma de incendio real') },
    { value: 102, label: l('自检报警', 'Self-check alarm', 'Alarma de autocomprobación') },
    { value: 103, label: l('低电量', 'Low battery', 'Batería baja') },
    { value: 104, label: l('高温', 'High temperature', 'Temperatura alta') },
    { value: 105, label: l('防拆', 'Tamper', 'Manipulación') },
    { value: 106, label: l('寿命到期', 'End of life', 'Fin de vida útil') },
    { value: 107, label: l('故障', 'Fault', 'Fallo') },
    { value: 108, label: l('离线', 'Offline', 'Desconectado') },
  ],
} as const satisfies Record<DictKey, readonly DictEntry[]>;
