import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { smsProviderSettings } from '../sms/sms.table.js';
import { options } from './system.table.js';

export function createSystemRepository(db: Executor) {
  return {
    async getOption(name: string, tx: Executor = db): Promise<unknown> {
      const [row] = await tx.select({ value: options.value }).from(options).where(eq(options.name, name));
      return row?.value;
    },

    async setOption(name: string, value: unknown, tx: Executor = db): Promise<void> {
      await tx
        .insert(options)
        .values({ name, value })
        .onConflictDoUpdate({ target: options.name, set: { value, updatedAt: sql`now()` } });
    },

    /** Inserts the option only when it does not exist yet (first start). */
    async seedOption(name: string, value: unknown, tx: Executor = db): Promise<void> {
      await tx.insert(options).values({ name, value }).onConflictDoNothing();
    },

    /** Whether an SMS provider with a verification code template is set (phone sign-in offered). */
    async phoneLoginReady(tx: Executor = db): Promise<boolean> {
      const [row] = await tx
        .select({ templates: smsProviderSettings.templates })
        .from(smsProviderSettings)
        .where(eq(smsProviderSettings.channel, 'sms'));
      return Boolean(row?.templates.code);
    },

    async ping(tx: Executor = db): Promise<void> {
      await tx.execute(sql`select 1`);
    },
  };
}

export type SystemRepository = ReturnType<typeof createSystemRepository>;
