import { type AlarmLogRow, alarmTypeLabel, type Language } from '@fleet/contracts';

/** Languages a contact may receive notices in (ContactInput.language). */
export type NoticeLanguage = Language;

/** The words of a notice, per language (SPEC 4 alarm type labels as the web app shows them). */
interface Words {
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
  report: string;
  reportBody: string;
  file: string;
}

const WORDS: Record<NoticeLanguage, Words> = {
  zh: {
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
    report: '数据报表',
    reportBody: '您订阅的定时数据报表已生成，见附件。',
    file: '文件',
  },
  en: {
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
    report: 'Data report',
    reportBody: 'Your scheduled data report is attached.',
    file: 'File',
  },
  es: {
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
    report: 'Informe de datos',
    reportBody: 'Adjuntamos su informe de datos programado.',
    file: 'Archivo',
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
  const lang = noticeLanguage(language);
  const w = WORDS[lang];
  const isRecovery = alarm.cause === 'recovered';
  const typeOf = (code: number) => alarmTypeLabel(code, lang);
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
  const lang = noticeLanguage(language);
  const w = WORDS[lang];
  return { subject: w.testSubject, lines: [w.testBody] };
}

/** The e-mail of a scheduled report: `title` is the schedule name and period ('Energy 2026-11-21'). */
export function reportNoticeText(title: string, fileName: string, language: string): NoticeText {
  const w = WORDS[noticeLanguage(language)];
  return { subject: `[${w.report}] ${title}`, lines: [w.reportBody, `${w.file}: ${fileName}`] };
}

/** The words of a service expiry notice (issue 20 item 4), per language. */
const EXPIRY: Record<
  NoticeLanguage,
  {
    tag: string;
    subject: (count: number, days: number) => string;
    devices: string;
    renew: string;
  }
> = {
  zh: {
    tag: '服务到期',
    subject: (n, d) => (d === 0 ? `${n} 台设备的云服务已到期` : `${n} 台设备的云服务将在 ${d} 天内到期`),
    devices: '设备',
    renew: '请在充值中心的“设备续费”中续费，到期后设备数据将被锁定。',
  },
  en: {
    tag: 'Service expiry',
    subject: (n, d) =>
      d === 0
        ? `The cloud service of ${n} device${n === 1 ? '' : 's'} has expired`
        : `The cloud service of ${n} device${n === 1 ? '' : 's'} expires within ${d} day${d === 1 ? '' : 's'}`,
    devices: 'Devices',
    renew: 'Renew them under Recharge > Device renewal; the data of an expired device is locked.',
  },
  es: {
    tag: 'Vencimiento del servicio',
    subject: (n, d) =>
      d === 0
        ? `El servicio en la nube de ${n} dispositivo${n === 1 ? '' : 's'} ha vencido`
        : `El servicio en la nube de ${n} dispositivo${n === 1 ? '' : 's'} vence en ${d} día${d === 1 ? '' : 's'}`,
    devices: 'Dispositivos',
    renew:
      'Renuévelos en Recarga > Renovación de dispositivos; los datos de un dispositivo vencido se bloquean.',
  },
};

/**
 * The e-mail of a service expiry notice: `days` is the stage (30, 7, 1; 0 = expired), `devices` the
 * titles the in-app notice lists ('Pump 1, Pump 2 +3').
 */
export function expiryNoticeText(days: number, count: number, devices: string, language: string): NoticeText {
  const w = EXPIRY[noticeLanguage(language)];
  return { subject: `[${w.tag}] ${w.subject(count, days)}`, lines: [`${w.devices}: ${devices}`, w.renew] };
}
