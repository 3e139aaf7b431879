import { and, eq, gt, isNotNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { contacts, noticeOutbox } from '../contacts/contacts.table.js';
import { devices } from '../devices/devices.table.js';
import { deviceExpiryNotices } from './recharge.table.js';

/**
 * Reads and claims of the pre-expiry notices (expiry-notices.ts). All tenants: the leader's tick is the
 * platform's, and each notice goes only to the device's own owner.
 */
export const expiryNoticesRepository = {
  /** Devices whose service expires in (from, to], by owner, expiry and id. */
  async expiring(db: Executor, from: Date, to: Date) {
    return db
      .select({
        id: devices.id,
        title: devices.title,
        ownerUserId: devices.ownerUserId,
        expireAt: devices.expireAt,
      })
      .from(devices)
      .where(and(isNotNull(devices.expireAt), lte(devices.expireAt, to), gt(devices.expireAt, from)))
      .orderBy(devices.ownerUserId, devices.expireAt, devices.id);
  },

  /** The stages already noticed for these devices (for every expiry date they had). */
  async noticed(db: Executor, deviceIds: readonly number[]) {
    return db
      .select({
        deviceId: deviceExpiryNotices.deviceId,
        expireAt: deviceExpiryNotices.expireAt,
        stage: deviceExpiryNotices.stage,
      })
      .from(deviceExpiryNotices)
      .where(sql`${deviceExpiryNotices.deviceId} = any(${sql.param([...deviceIds])}::int[])`);
  },

  /** Claims each (device, expiry date, stage) once; answers the rows this call claimed. */
  async claim(tx: Executor, rows: (typeof deviceExpiryNotices.$inferInsert)[]) {
    return tx
      .insert(deviceExpiryNotices)
      .values(rows)
      .onConflictDoNothing()
      .returning({ deviceId: deviceExpiryNotices.deviceId, stage: deviceExpiryNotices.stage });
  },

  /**
   * The owner's contacts that chose service expiry notices (and are enabled), with the channels
   * they receive: e-mail with an address and its switch on, SMS with a phone and its switch on.
   */
  async expiryContacts(tx: Executor, ownerUserId: number) {
    return tx
      .select({
        id: contacts.id,
        email: contacts.email,
        phone: contacts.phone,
        emailEnabled: contacts.emailEnabled,
        smsEnabled: contacts.smsEnabled,
      })
      .from(contacts)
      .where(
        and(
          eq(contacts.ownerUserId, ownerUserId),
          eq(contacts.enabled, true),
          eq(contacts.expiryNotices, true),
        ),
      )
      .orderBy(contacts.id);
  },

  /** Queues the e-mails and SMS of an in-app notice in the outbox (sent by the notice worker). */
  async queue(tx: Executor, rows: { contactId: number; channel: 'email' | 'sms'; userNoticeId: number }[]) {
    if (rows.length > 0) await tx.insert(noticeOutbox).values(rows);
  },
};
