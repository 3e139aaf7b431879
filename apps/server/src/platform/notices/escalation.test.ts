import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarmLog } from '../../modules/alarms/alarms.table.js';
import { contacts, noticeOutbox, triggerContactLinks } from '../../modules/contacts/contacts.table.js';
import { triggers } from '../../modules/triggers/triggers.table.js';
import { createTestDatabase } from '../../test-support/database.js';
import { createDevice, createUser } from '../../test-support/factories.js';
import { createTestClock } from '../../test-support/test-app.js';
import { BUS, createLocalBus } from '../bus/event-bus.js';
import type { Database } from '../db/client.js';
import { createEscalation } from './escalation.js';

let database: Database;
let dataDir: string;
const clock = createTestClock(new Date('2026-03-01T08:00:00.000Z'));
const bus = createLocalBus();
let wakes = 0;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'fleet-escalation-'));
  database = await createTestDatabase(dataDir);
  bus.subscribe(BUS.noticeWake, () => {
    wakes++;
  });
});
afterAll(async () => {
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('alarm escalation', () => {
  it('notifies the next level when the alarm is still unhandled, once, and stops when handled', async () => {
    const owner = await createUser(database, { userType: 2 });
    const device = await createDevice(database, { ownerUserId: owner.id });
    const [trigger] = await database.db
      .insert(triggers)
      .values({ deviceId: device.id, kind: 'offline' })
      .returning({ id: triggers.id });
    const level = async (name: string, escalateAfterMin: number) => {
      const [c] = await database.db
        .insert(contacts)
        .values({
          ownerUserId: owner.id,
          name,
          email: `${name}@example.com`,
          emailEnabled: true,
          phone: '+8613800138000',
          smsEnabled: true,
          escalateAfterMin,
        })
        .returning({ id: contacts.id });
      await database.db.insert(triggerContactLinks).values({ triggerId: trigger!.id, contactId: c!.id });
      return c!.id;
    };
    const duty = await level('duty', 0);
    const supervisor = await level('supervisor', 15);
    const manager = await level('manager', 60);
    // One open alarm per trigger: the first is closed (recovered) but still unhandled.
    const alarm = async (recoveredAt: Date | null = null) => {
      const [a] = await database.db
        .insert(alarmLog)
        .values({
          deviceId: device.id,
          triggerId: trigger!.id,
          alarmType: 3,
          level: 3,
          cause: 'offline',
          message: 'offline',
          at: clock(),
          recoveredAt,
        })
        .returning({ id: alarmLog.id });
      return a!.id;
    };
    const unhandled = await alarm(clock());
    const handled = await alarm();
    const escalation = createEscalation({ database, bus, clock });
    const rows = async () =>
      (await database.db.select().from(noticeOutbox))
        .map((r) => `${r.alarmId}:${r.contactId}:${r.channel}`)
        .sort();

    clock.advance(14 * 60);
    expect(await escalation.run()).toBe(0);
    clock.advance(60);
    await database.db.update(alarmLog).set({ status: 1 }).where(eq(alarmLog.id, handled));
    expect(await escalation.run()).toBe(2); // supervisor: e-mail and SMS, for the unhandled alarm only
    expect(wakes).toBe(1);
    expect(await escalation.run()).toBe(0); // never twice
    expect(await rows()).toEqual(
      [`${unhandled}:${supervisor}:email`, `${unhandled}:${supervisor}:sms`].sort(),
    );

    clock.advance(45 * 60);
    await database.db.update(alarmLog).set({ status: 2 }).where(eq(alarmLog.id, unhandled));
    expect(await escalation.run()).toBe(0); // handled before the manager's level: no more escalation
    expect(await rows()).not.toContain(`${unhandled}:${manager}:email`);
    expect(await rows()).not.toContain(`${unhandled}:${duty}:email`); // level 0 is the alarm engine's
  });
});
