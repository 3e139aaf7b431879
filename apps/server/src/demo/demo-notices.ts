/** The demo account's notice log (issue 21): SMS, calls and e-mail with status, cost and answers. */
import type { Executor } from '../platform/db/client.js';
import { demoAlarmsRepository, type PastAlarm } from './demo-alarms.repository.js';
import { demoNoticesRepository as repo } from './demo-notices.repository.js';

const CONTACT = 'Night shift engineer';
const MINUTE = 60_000;

/**
 * Once per database (keyed by the contact's name): a contact with a phone and e-mail, linked to no
 * trigger (so it never sends for real), and a handful of notices as the worker would have logged
 * them: delivered SMS, an answered call, a storm digest, throttled ones, a refused number, an e-mail.
 */
export async function ensureDemoNotices(db: Executor, ownerUserId: number, now = new Date()): Promise<void> {
  if (await repo.contactNamed(db, ownerUserId, CONTACT)) return;
  const contactId = await repo.insertContact(db, {
    ownerUserId,
    name: CONTACT,
    phone: '+8613800138000',
    email: 'night-shift@example.com',
    smsEnabled: true,
    voiceEnabled: true,
    emailEnabled: true,
    stormCap: 3,
    remark: 'Demo contact: linked to no trigger',
  });
  const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * MINUTE);
  const [a1 = null, a2 = null, a3 = null] = await alarmsToNotify(db, ownerUserId, at);
  const sent = (minutesAgo: number, id: string) => ({
    status: 'sent',
    attempts: 1,
    createdAt: at(minutesAgo),
    sentAt: at(minutesAgo),
    providerId: id,
    providerAnswer: 'OK 8F2C1A77-4E1B-5D2A-9C31-2B7E5D3F6A10',
    receiptStatus: 'delivered',
    receiptAt: at(minutesAgo - 0.1),
    // Counted units as the quota reservation names them (the demo's ledger has the matching SMS).
    quotaKeys: [`demo-notice:${id}:${ownerUserId}`],
  });
  await repo.insertNotices(db, [
    { contactId, alarmId: a1, channel: 'sms', ...sent(180, '900001^0') },
    { contactId, alarmId: a1, channel: 'voice', ...sent(179, '120001^100001') },
    { contactId, alarmId: a2, channel: 'sms', ...sent(95, '900002^0') },
    { contactId, alarmId: a3, channel: 'sms', ...sent(94, '900003^0'), digestCount: 7 },
    ...[93, 92, 91].map((m) => ({
      contactId,
      alarmId: a3,
      channel: 'sms',
      status: 'throttled',
      createdAt: at(m),
      lastError: 'storm cap reached',
    })),
    {
      contactId,
      alarmId: a2,
      channel: 'email',
      status: 'sent',
      attempts: 1,
      createdAt: at(95),
      sentAt: at(95),
    },
    {
      contactId,
      alarmId: null,
      channel: 'sms',
      status: 'failed',
      attempts: 1,
      createdAt: at(30),
      providerAnswer: 'isv.MOBILE_NUMBER_ILLEGAL: 非法手机号',
      lastError: 'isv.MOBILE_NUMBER_ILLEGAL: 非法手机号',
    },
  ]);
}

/**
 * Past alarms the notices were sent for (in the order of the notices below), when the fleet has not
 * raised three yet: on a fresh database nothing has, and every notice would read "Test notice".
 */
const PAST_ALARMS: { minutesAgo: number; alarm: PastAlarm }[] = [
  {
    minutesAgo: 181,
    alarm: {
      level: 4,
      value: 86.5,
      pointName: 'temperature',
      pointTitle: 'Water temperature',
      threshold: '> 80',
      message: 'Water temperature above 80 °C',
    },
  },
  {
    minutesAgo: 96,
    alarm: {
      level: 3,
      value: 9.4,
      pointName: 'pressure',
      pointTitle: 'Outlet pressure',
      threshold: '> 8',
      message: 'Outlet pressure above 8 bar',
    },
  },
  {
    minutesAgo: 95,
    alarm: {
      level: 2,
      value: 0.3,
      pointName: 'level',
      pointTitle: 'Tank level',
      threshold: '< 0.5',
      message: 'Tank level below 0.5 m',
    },
  },
];

async function alarmsToNotify(db: Executor, ownerUserId: number, at: (minutesAgo: number) => Date) {
  const recent = await repo.recentAlarms(db, ownerUserId, 3);
  if (recent.length >= 3) return recent;
  const device = await demoAlarmsRepository.firstDevice(db, ownerUserId);
  if (!device) return recent;
  const made: number[] = [];
  for (const { minutesAgo, alarm } of PAST_ALARMS)
    made.push(await demoAlarmsRepository.insertPastAlarm(db, device.id, at(minutesAgo), alarm));
  return made;
}
