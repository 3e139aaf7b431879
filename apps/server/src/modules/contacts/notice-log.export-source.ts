import { alarmTypeLabel, type Language, type NoticeChannel, type NoticeStatus } from '@fleet/contracts';
import { zonedTime } from '../../platform/time/zone.js';
import type { SourceFactory } from '../exports/sources/types.js';
import { createNoticeLogRepository, type NoticeRecord } from './notice-log.repository.js';
import { noticeAbout, noticeAddress, noticeCost } from './notice-log.service.js';

interface Words {
  header: string[];
  channel: Record<NoticeChannel, string>;
  status: Record<NoticeStatus, string>;
  receipt: Record<'delivered' | 'failed', string>;
  /** Notices without an alarm. */
  about: Record<'test' | 'report' | 'expiry', string>;
  digest: (n: number) => string;
}

const WORDS: Record<Language, Words> = {
  zh: {
    header: [
      '时间',
      '联系人',
      '号码/地址',
      '渠道',
      '设备',
      '报警类型',
      '状态',
      '计费条数',
      '尝试次数',
      '发送时间',
      '回执',
      '服务商应答',
      '错误',
    ],
    channel: { email: '邮件', webhook: 'Webhook', sms: '短信', voice: '语音' },
    status: {
      pending: '待发送',
      sending: '发送中',
      sent: '已发送',
      failed: '失败',
      throttled: '已限流',
      no_quota: '条数不足',
    },
    receipt: { delivered: '已送达', failed: '未送达' },
    about: { test: '测试通知', report: '数据报表', expiry: '服务到期' },
    digest: (n) => `汇总 ${n} 条`,
  },
  en: {
    header: [
      'Time',
      'Contact',
      'Phone / address',
      'Channel',
      'Device',
      'Alarm type',
      'Status',
      'Units charged',
      'Attempts',
      'Sent at',
      'Receipt',
      'Provider answer',
      'Error',
    ],
    channel: { email: 'E-mail', webhook: 'Webhook', sms: 'SMS', voice: 'Voice call' },
    status: {
      pending: 'Pending',
      sending: 'Sending',
      sent: 'Sent',
      failed: 'Failed',
      throttled: 'Throttled',
      no_quota: 'No quota',
    },
    receipt: { delivered: 'Delivered', failed: 'Not delivered' },
    about: { test: 'Test notice', report: 'Data report', expiry: 'Service expiry' },
    digest: (n) => `Digest of ${n}`,
  },
  es: {
    header: [
      'Hora',
      'Contacto',
      'Teléfono / dirección',
      'Canal',
      'Dispositivo',
      'Tipo de alarma',
      'Estado',
      'Unidades cobradas',
      'Intentos',
      'Enviado',
      'Acuse',
      'Respuesta del proveedor',
      'Error',
    ],
    channel: { email: 'Correo', webhook: 'Webhook', sms: 'SMS', voice: 'Llamada de voz' },
    status: {
      pending: 'Pendiente',
      sending: 'Enviando',
      sent: 'Enviado',
      failed: 'Fallido',
      throttled: 'Limitado',
      no_quota: 'Sin cuota',
    },
    receipt: { delivered: 'Entregado', failed: 'No entregado' },
    about: { test: 'Aviso de prueba', report: 'Informe de datos', expiry: 'Vencimiento del servicio' },
    digest: (n) => `Resumen de ${n}`,
  },
};
const WIDTHS = [20, 16, 18, 10, 24, 18, 10, 10, 8, 20, 12, 40, 40];

function cells(r: NoticeRecord, lang: Language, tz: string): (string | number | null)[] {
  const w = WORDS[lang];
  const about = noticeAbout(r);
  const alarm =
    about !== 'alarm'
      ? w.about[about]
      : r.alarmType === null
        ? null
        : alarmTypeLabel(r.alarmType, lang) + (r.digestCount ? ` (${w.digest(r.digestCount)})` : '');
  return [
    zonedTime(r.createdAt, tz),
    r.contactName,
    noticeAddress(r) || null,
    w.channel[r.channel as NoticeChannel] ?? r.channel,
    r.deviceTitle,
    alarm,
    w.status[r.status as NoticeStatus] ?? r.status,
    noticeCost(r),
    r.attempts,
    r.sentAt ? zonedTime(r.sentAt, tz) : null,
    r.receiptStatus ? (w.receipt[r.receiptStatus as 'delivered' | 'failed'] ?? r.receiptStatus) : null,
    r.providerAnswer || null,
    r.lastError || null,
  ];
}

/** The notice log of GET /trigger/notice, newest first, as an xlsx / csv export. */
export const noticeLogSource: SourceFactory<'noticelog'> = async (ctx, params) => {
  const repo = createNoticeLogRepository(ctx.db);
  return {
    header: WORDS[ctx.lang].header,
    widths: WIDTHS,
    async count() {
      return (await repo.list(ctx.scope, params, 1, 0)).total;
    },
    async *pages() {
      let after: { at: Date; id: number } | undefined;
      for (;;) {
        const rows = await repo.chunk(ctx.scope, params, ctx.pageSize, after);
        if (rows.length === 0) return;
        yield rows.map((r) => cells(r, ctx.lang, ctx.tz));
        const last = rows.at(-1)!;
        after = { at: last.createdAt, id: last.id };
        if (rows.length < ctx.pageSize) return;
      }
    },
  };
};
