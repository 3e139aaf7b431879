import { formatServerMessage } from '@fleet/contracts';
import {
  createLedgerService,
  IdempotencyConflictError,
  InsufficientBalanceError,
  type LedgerService,
} from '../../modules/ledger/ledger.service.js';
import type { Executor } from '../db/client.js';
import { createOutboxRepository, type OutboxRepository } from './outbox.repository.js';

export type QuotaChannel = 'sms' | 'voice';

export type Reservation =
  | { ok: true; keys: string[] }
  /** The user or an ancestor with a limit has no unit left: the notice is logged, not sent. */
  | { ok: false; userId: number; message: string };

/**
 * SMS and voice quotas on the ledger (issue 21 item 2, docs/ledger.md "How later features use it").
 * The remaining count of a user is its `sms_quota` / `voice_quota` account; a user whose count is
 * 'no limit' (null) has none and is not counted. A parent's count caps its children's: a send
 * reserves one unit from the owner of the contact and from every ancestor that set a count, each a
 * pending transfer to the platform's supply account (`notice:<id>:<user>`), posted when the provider
 * accepts and voided when the send fails. The ledger checks each under the account's row lock, so two
 * instances sending on the last unit never take it below zero.
 *
 * A count set on the user before its quota account existed is brought into the ledger once
 * (`quota-seed:<channel>:<user>`, an adjustment from supply) the first time the user is counted.
 */
export function createNoticeQuota(deps: { ledger: LedgerService; repo: OutboxRepository }) {
  const { ledger, repo } = deps;
  const quotaKind = (c: QuotaChannel): 'sms_quota' | 'voice_quota' =>
    c === 'sms' ? 'sms_quota' : 'voice_quota';
  const supplyKind = (c: QuotaChannel): 'sms_supply' | 'voice_supply' =>
    c === 'sms' ? 'sms_supply' : 'voice_supply';

  async function seed(channel: QuotaChannel, userId: number, count: number): Promise<void> {
    if (count <= 0) return;
    try {
      await ledger.transfer({
        from: { kind: supplyKind(channel) },
        to: { kind: quotaKind(channel), owner: userId },
        amount: count,
        kind: 'adjustment',
        idempotencyKey: `quota-seed:${channel}:${userId}`,
        reference: 'initial remaining count',
      });
    } catch (error) {
      // Seeded before with another count: the ledger, not the user row, holds what remains.
      if (!(error instanceof IdempotencyConflictError)) throw error;
    }
  }

  async function settle(keys: readonly string[], how: 'post' | 'void'): Promise<void> {
    for (const key of keys) await (how === 'post' ? ledger.post(key) : ledger.void(key));
  }

  return {
    async reserve(noticeId: number, ownerUserId: number, channel: QuotaChannel): Promise<Reservation> {
      const chain = await repo.quotaChain(ownerUserId, channel);
      const keys: string[] = [];
      for (const user of chain) {
        if (user.limit === null) continue; // no limit
        await seed(channel, user.id, user.limit);
        const key = `notice:${noticeId}:${user.id}`;
        try {
          await ledger.transfer({
            from: { kind: quotaKind(channel), owner: user.id },
            to: { kind: supplyKind(channel) },
            amount: 1,
            kind: 'consumption',
            pending: true,
            idempotencyKey: key,
            reference: `notice:${noticeId}`,
          });
          keys.push(key);
        } catch (error) {
          if (!(error instanceof InsufficientBalanceError)) throw error;
          await settle(keys, 'void');
          return {
            ok: false,
            userId: user.id,
            message: formatServerMessage('notice.quotaExhausted', { channel, user: user.id }),
          };
        }
      }
      return { ok: true, keys };
    },

    post: (keys: readonly string[]) => settle(keys, 'post'),
    void: (keys: readonly string[]) => settle(keys, 'void'),

    /**
     * An administrator sets a user's remaining count (user admin, issue 21): once the ledger holds the
     * count (after first use) the column alone would be ignored, so the difference to what is
     * available now goes through the ledger as an `adjustment` from or to the supply account, its
     * reference naming who changed it from what to what. The idempotency key carries the account's
     * transfer count, so a retried request or two administrators saving at once apply one change
     * (the second answers the first's transfer or an IdempotencyConflictError). 'No limit' (null)
     * needs nothing: a user without a count is not counted.
     */
    async setRemaining(input: {
      channel: QuotaChannel;
      userId: number;
      before: number | null;
      after: number | null;
      by: { id: number; username: string };
    }): Promise<{ from: number; to: number } | null> {
      const { channel, userId, after } = input;
      if (after === null) return null;
      // The count the ledger starts from: the old column, or the new one if it never had one.
      await seed(channel, userId, input.before ?? after);
      const account = { kind: quotaKind(channel), owner: userId } as const;
      const { account: balance, total } = await ledger.statement(account, { pageSize: 1 });
      const delta = after - balance.available;
      if (delta !== 0) {
        const supply = { kind: supplyKind(channel) } as const;
        await ledger.transfer({
          from: delta > 0 ? supply : account,
          to: delta > 0 ? account : supply,
          amount: Math.abs(delta),
          kind: 'adjustment',
          idempotencyKey: `quota-set:${channel}:${userId}:${total}`,
          reference: `remaining ${channel} set by ${input.by.username} (#${input.by.id}): ${balance.available} -> ${after}`,
        });
      }
      return { from: balance.available, to: after };
    },

    /** What the user may still send ('no limit' = null): the smallest remaining count up its chain. */
    async remaining(userId: number, channel: QuotaChannel): Promise<number | null> {
      let least: number | null = null;
      for (const user of await repo.quotaChain(userId, channel)) {
        if (user.limit === null) continue;
        await seed(channel, user.id, user.limit);
        const { available } = await ledger.balance({ kind: quotaKind(channel), owner: user.id });
        least = least === null ? available : Math.min(least, available);
      }
      return least;
    },
  };
}

export type NoticeQuota = ReturnType<typeof createNoticeQuota>;

/** The quotas over a database handle (for services outside the notice worker). */
export function noticeQuotaOn(db: Executor, clock: () => Date): NoticeQuota {
  return createNoticeQuota({
    ledger: createLedgerService({ db, clock }),
    repo: createOutboxRepository(db),
  });
}
