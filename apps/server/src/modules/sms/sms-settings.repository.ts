import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { smsProviderSettings } from './sms.table.js';

export type SmsSettingsRecord = typeof smsProviderSettings.$inferSelect;
export type SmsSettingsValues = Omit<SmsSettingsRecord, 'updatedAt'>;

/**
 * Platform-level SMS / voice provider settings (one row per channel). Not owned by any user: only
 * platform administrators reach these routes (the service checks user type 0), so no tenancy rule.
 */
export function createSmsSettingsRepository(db: Executor) {
  return {
    async all(): Promise<SmsSettingsRecord[]> {
      return db.select().from(smsProviderSettings);
    },

    async get(channel: string): Promise<SmsSettingsRecord | null> {
      const [row] = await db
        .select()
        .from(smsProviderSettings)
        .where(eq(smsProviderSettings.channel, channel));
      return row ?? null;
    },

    async save(values: SmsSettingsValues): Promise<void> {
      // The channel is the key and the receipt token stays what it was (receipt URLs keep working).
      const set: Partial<SmsSettingsRecord> = { ...values };
      delete set.channel;
      delete set.receiptToken;
      await db
        .insert(smsProviderSettings)
        .values(values)
        .onConflictDoUpdate({ target: smsProviderSettings.channel, set: { ...set, updatedAt: sql`now()` } });
    },
  };
}

export type SmsSettingsRepository = ReturnType<typeof createSmsSettingsRepository>;
