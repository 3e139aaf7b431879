import {
  type ConsumptionRow,
  consumptionQuery,
  LANGUAGES,
  type Language,
  timeZoneQuery,
} from '@fleet/contracts';
import ExcelJS from 'exceljs';
import { z } from 'zod';
import { zonedTime } from '../../platform/time/zone.js';

/** At most this many rows in one consumption export. */
export const CONSUMPTION_EXPORT_MAX = 10_000;

export const consumptionExportQuery = consumptionQuery.extend({
  lang: z.enum(LANGUAGES).default('zh'),
  tz: timeZoneQuery,
});
export type ConsumptionExportQuery = z.infer<typeof consumptionExportQuery>;

const WORDS: Record<
  Language,
  { sheet: string; head: string[]; types: Record<number, string>; status: Record<string, string> }
> = {
  zh: {
    sheet: '消费记录',
    head: ['时间', '消费类型', '数量', '单位', '状态', '关联'],
    types: { 1: '短信', 2: '语音', 3: 'SIM卡续费' },
    status: { posted: '已完成', pending: '处理中', voided: '已撤销' },
  },
  en: {
    sheet: 'Consumption',
    head: ['Time', 'Type', 'Amount', 'Unit', 'Status', 'Reference'],
    types: { 1: 'SMS', 2: 'Voice', 3: 'SIM renewal' },
    status: { posted: 'Completed', pending: 'Pending', voided: 'Cancelled' },
  },
  es: {
    sheet: 'Consumo',
    head: ['Hora', 'Tipo', 'Cantidad', 'Unidad', 'Estado', 'Referencia'],
    types: { 1: 'SMS', 2: 'Voz', 3: 'Renovación SIM' },
    status: { posted: 'Completado', pending: 'Pendiente', voided: 'Anulado' },
  },
};

const UNITS: Record<Language, Record<string, string>> = {
  zh: { sms: '条', voice: '次', cent: '元' },
  en: { sms: 'messages', voice: 'calls', cent: 'CNY' },
  es: { sms: 'mensajes', voice: 'llamadas', cent: 'CNY' },
};

/** The consumption records as an xlsx sheet in the caller's language and zone (money in yuan). */
export async function consumptionXlsx(rows: ConsumptionRow[], lang: Language, tz: string): Promise<Buffer> {
  const words = WORDS[lang];
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(words.sheet);
  sheet.addRow(words.head);
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  [20, 14, 10, 10, 12, 28].forEach((w, i) => {
    sheet.getColumn(i + 1).width = w;
  });
  for (const r of rows) {
    sheet.addRow([
      zonedTime(r.created_at, tz),
      words.types[r.consume_type] ?? String(r.consume_type),
      r.unit === 'cent' ? r.amount / 100 : r.amount,
      UNITS[lang][r.unit] ?? r.unit,
      words.status[r.status] ?? r.status,
      r.reference,
    ]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
