import type { AlarmLogRow } from '@fleet/contracts';

/** Languages a contact may receive notices in (ContactInput.language). */
export type NoticeLanguage = 'zh' | 'en' | 'es';

/** The words of a notice, per language (SPEC 4 alarm type labels as the web app shows them). */
interface Words {
  types: Record<number, string>;
  otherType: (code: number) => string;
  raised: string;
  recovered: string;
  device: string;
  alarm: string;
  level: string;
  point: string;
  value: string;
  threshold: string;
  time: string;
  state: string;
  recoveredSuffix: string;
  testSubject: string;
  testBody: string;
}

const WORDS: Record<NoticeLanguage, Words> = {
  zh: {
    types: {
      0: '报警恢复',
      1: '越限报警',
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
    otherType: (code) => `报警 ${code}`,
    raised: '报警',
    recovered: '恢复',
    device: '设备',
    alarm: '报警类型',
    level: '级别',
    point: '数据点',
    value: '数值',
    threshold: '阈值',
    time: '时间',
    state: '状态',
    recoveredSuffix: '已恢复',
    testSubject: '[测试] 报警通知测试',
    testBody: '这是一条测试通知：该联系人的通知渠道工作正常。',
  },
  en: {
    types: {
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
    otherType: (code) => `Alarm ${code}`,
    raised: 'Alarm',
    recovered: 'Recovered',
    device: 'Device',
    alarm: 'Alarm type',
    level: 'Level',
    point: 'Point',
    value: 'Value',
    threshold: 'Threshold',
    time: 'Time',
    state: 'State',
    recoveredSuffix: 'recovered',
    testSubject: '[Test] Alarm notice test',
    testBody: 'This is a test notice: this contact’s notice channel works.',
  },
  es: {
    types: {
      0: 'Alarma recuperada',
      1: 'Alarma de límite superado',
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
    otherType: (code) => `Alarma ${code}`,
    raised: 'Alarma',
    recovered: 'Recuperada',
    device: 'Dispositivo',
    alarm: 'Tipo de alarma',
    level: 'Nivel',
    point: 'Punto',
    value: 'Valor',
    threshold: 'Umbral',
    time: 'Hora',
    state: 'Estado',
    recoveredSuffix: 'recuperada',
    testSubject: '[Prueba] Prueba de aviso de alarma',
    testBody: 'Este es un aviso de prueba: el canal de avisos de este contacto funciona.',
  },
};

export interface NoticeText {
  subject: string;
  /** One "label: value" line each. */
  lines: string[];
}

export function noticeLanguage(language: string): NoticeLanguage {
  return language === 'en' || language === 'es' ? language : 'zh';
}

/** '2026-11-22 08:30:00 UTC': one unambiguous form for every reader. */
function timeText(iso: string): string {
  return `${iso.slice(0, 19).replace('T', ' ')} UTC`;
}

/**
 * The notice of an alarm row in the contact's language. A recovery row (cause 'recovered') names
 * the alarm it recovers when `recovered` (the row it points at) is given.
 */
export function alarmNoticeText(
  alarm: AlarmLogRow,
  language: string,
  recovered?: AlarmLogRow | null,
): NoticeText {
  const w = WORDS[noticeLanguage(language)];
  const isRecovery = alarm.cause === 'recovered';
  const typeOf = (code: number) => w.types[code] ?? w.otherType(code);
  const source = isRecovery && recovered ? recovered : alarm;
  const typeLabel =
    isRecovery && recovered
      ? `${typeOf(recovered.alarm_type)} ${w.recoveredSuffix}`
      : typeOf(alarm.alarm_type);
  const device = alarm.device_title || alarm.device_imei;
  const lines = [
    `${w.device}: ${device} (IMEI ${alarm.device_imei})`,
    `${w.alarm}: ${typeLabel}`,
    `${w.level}: ${source.level}`,
  ];
  if (alarm.point_title || alarm.point_name)
    lines.push(`${w.point}: ${alarm.point_title || alarm.point_name}`);
  if (alarm.value !== null) lines.push(`${w.value}: ${alarm.value}`);
  if (source.threshold) lines.push(`${w.threshold}: ${source.threshold}`);
  lines.push(`${w.time}: ${timeText(alarm.at)}`);
  lines.push(`${w.state}: ${isRecovery ? w.recovered : w.raised}`);
  return { subject: `[${isRecovery ? w.recovered : w.raised}] ${device}: ${typeLabel}`, lines };
}

/** The text of a test notice (no alarm). */
export function testNoticeText(language: string): NoticeText {
  const w = WORDS[noticeLanguage(language)];
  return { subject: w.testSubject, lines: [w.testBody] };
}
