/** The demo account's money (issue 20): a balance, top-ups and consumption a newcomer can look at. */

import { type FeeBasePrices, OrderStatus, PayMode } from '@fleet/contracts';
import { createLedgerService } from '../modules/ledger/ledger.service.js';
import { FEE_BASE_OPTION } from '../modules/recharge/fee-config.service.js';
import { recordOrder } from '../modules/recharge/order-records.js';
import { createPlatformOptions } from '../modules/system/platform-options.service.js';
import type { Executor } from '../platform/db/client.js';
import { demoMoneyRepository } from './demo-money.repository.js';

const DAY = 86_400_000;

/** ¥30 per device and year, ¥0.10 per SMS, ¥0.30 per call, ¥200 per SCADA app and year. */
const DEMO_BASE_PRICES: FeeBasePrices = {
  rent_fee: 3_000,
  sms_price: 10,
  voice_price: 30,
  scada_price: 20_000,
};

/**
 * Once per database (keyed by the ledger's idempotency keys, so a restart adds nothing): two paid
 * top-ups and a timed-out one, an SMS package with a few messages sent, and a SIM renewal.
 */
export async function ensureDemoMoney(db: Executor, ownerUserId: number, now = new Date()): Promise<void> {
  // Base prices (fee configuration, issue 20 item 5) unless the administrator set some already.
  await createPlatformOptions(db).seedOption(FEE_BASE_OPTION, DEMO_BASE_PRICES);
  const ledger = createLedgerService({ db });
  const key = (what: string) => `demo:${ownerUserId}:${what}`;
  if (await ledger.findTransfer(key('top-up-1')).catch(() => null)) return;
  const topUps = [
    {
      no: `R${ownerUserId}DEMO0001`,
      amount: 50_000,
      mode: PayMode.WECHAT,
      status: OrderStatus.PAID,
      ago: 20,
    },
    { no: `R${ownerUserId}DEMO0002`, amount: 20_000, mode: PayMode.ALIPAY, status: OrderStatus.PAID, ago: 6 },
    {
      no: `R${ownerUserId}DEMO0003`,
      amount: 10_000,
      mode: PayMode.WECHAT,
      status: OrderStatus.TIMED_OUT,
      ago: 2,
    },
  ];
  for (const [i, o] of topUps.entries()) {
    const at = new Date(now.getTime() - o.ago * DAY);
    await recordOrder(db, {
      outTradeNo: o.no,
      ownerUserId,
      operatorUserId: ownerUserId,
      payMode: o.mode,
      amount: o.amount,
      status: o.status,
      createdAt: at,
      expiresAt: new Date(at.getTime() + 15 * 60_000),
      ...(o.status === OrderStatus.PAID ? { paidAt: at, transactionId: `DEMO${i + 1}` } : { closedAt: at }),
    });
    if (o.status !== OrderStatus.PAID) continue;
    await ledger.transfer({
      from: { kind: 'payment_clearing' },
      to: { kind: 'user_balance', owner: ownerUserId },
      amount: o.amount,
      kind: 'top_up',
      idempotencyKey: i === 0 ? key('top-up-1') : key(`top-up-${i + 1}`),
      reference: o.no,
    });
  }
  // An SMS package: 50.00 from the balance, 500 messages of quota.
  await ledger.transfer({
    from: { kind: 'user_balance', owner: ownerUserId },
    to: { kind: 'platform_revenue' },
    amount: 5_000,
    kind: 'quota_purchase',
    idempotencyKey: key('sms-package'),
    reference: 'SMS package 500',
  });
  await ledger.transfer({
    from: { kind: 'sms_supply' },
    to: { kind: 'sms_quota', owner: ownerUserId },
    amount: 500,
    kind: 'quota_purchase',
    idempotencyKey: key('sms-package:quota'),
    reference: 'SMS package 500',
  });
  // The package makes the demo a counted account (SMS count 500 to start from): what remains is the
  // quota account's, as the profile and the fee overview show (users/remaining-counts.service.ts).
  await demoMoneyRepository.countSms(db, ownerUserId, 500);
  for (let i = 1; i <= 3; i++) {
    await ledger.transfer({
      from: { kind: 'sms_quota', owner: ownerUserId },
      to: { kind: 'sms_supply' },
      amount: 1,
      kind: 'consumption',
      idempotencyKey: key(`sms-${i}`),
      reference: `Alarm SMS ${i}`,
    });
  }
  await ledger.transfer({
    from: { kind: 'user_balance', owner: ownerUserId },
    to: { kind: 'platform_revenue' },
    amount: 3_000,
    kind: 'consumption',
    idempotencyKey: key('sim-renewal'),
    reference: 'SIM 89860412345678901234',
  });
}
