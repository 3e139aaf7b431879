import { timingSafeEqual } from 'node:crypto';
import type { SmsChannel } from '@fleet/contracts';
import { notFound } from '../../platform/auth/access.js';
import {
  ALIYUN_RECEIPT_ANSWER,
  parseAliyunSmsReport,
  parseAliyunVoiceReport,
} from '../../platform/notices/sms/aliyun.js';
import type { ParsedReceipts } from '../../platform/notices/sms/provider.js';
import {
  parseTencentSmsCallback,
  parseTencentVoiceCallback,
  TENCENT_RECEIPT_ANSWER,
} from '../../platform/notices/sms/tencent.js';
import type { SmsReceiptsRepository } from './sms-receipts.repository.js';
import type { SmsSettingsRepository } from './sms-settings.repository.js';

const PARSERS: Record<string, Record<SmsChannel, (body: unknown) => ParsedReceipts>> = {
  aliyun: { sms: parseAliyunSmsReport, voice: parseAliyunVoiceReport },
  tencent: { sms: parseTencentSmsCallback, voice: parseTencentVoiceCallback },
};

const sameToken = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Delivery receipts pushed by the provider (docs/notices.md "Delivery receipts"). Neither provider
 * signs its pushes, so the path carries the unguessable token of the channel's settings; a wrong
 * token is a 404 like any unknown path. The answer the provider expects is given after the updates
 * are committed; entries in another shape are counted and dropped.
 */
export function createSmsReceiptsService(deps: {
  settings: SmsSettingsRepository;
  receipts: SmsReceiptsRepository;
  clock: () => Date;
}) {
  return {
    async receive(channel: SmsChannel, token: string, body: unknown): Promise<object> {
      const row = await deps.settings.get(channel);
      if (!row || !sameToken(row.receiptToken, token)) throw notFound('not found');
      const parse = PARSERS[row.provider]?.[channel];
      if (!parse) throw notFound('not found');
      const { receipts } = parse(body);
      for (const r of receipts) {
        const answer = `${r.status === 'delivered' ? 'DELIVERED' : 'FAILED'} ${r.code} ${r.message}`.trim();
        await deps.receipts.apply(channel, r.providerId, r.status, r.at ?? deps.clock(), answer);
      }
      return row.provider === 'aliyun' ? ALIYUN_RECEIPT_ANSWER : TENCENT_RECEIPT_ANSWER;
    },
  };
}
