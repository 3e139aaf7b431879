import { sql } from 'drizzle-orm';
import { alarmLog } from '../../modules/alarms/alarms.table.js';
import { contacts, noticeOutbox, triggerContactLinks } from '../../modules/contacts/contacts.table.js';
import type { Executor } from '../db/client.js';

/** How far back the escalation job looks: an alarm unhandled for a day has escalated long ago. */
export const ESCALATION_LOOKBACK_HOURS = 24;

/**
 * Escalation (issue 21 item 3): the outbox rows of contacts whose level (`escalate_after_min`) has
 * come for an alarm still unhandled (status 0). Everything is derived from the tables, so a restart or
 * another leader finds the same due work, and an (alarm, contact, channel) that already has a row
 * is never queued twice. No tenancy rule: it follows the trigger's own links, as the alarm engine does.
 */
export function createEscalationRepository(db: Executor) {
  return {
    async queueDue(now: Date): Promise<number> {
      const iso = now.toISOString();
      const result = await db.execute(sql`
        insert into ${noticeOutbox} (contact_id, alarm_id, channel, status, created_at, next_attempt_at)
        select c.id, a.id, ch.channel, 'pending', ${iso}::timestamptz, ${iso}::timestamptz
        from ${alarmLog} a
        join ${triggerContactLinks} l on l.trigger_id = a.trigger_id
        join ${contacts} c on c.id = l.contact_id
        cross join lateral (values ('email', c.email_enabled), ('webhook', c.webhook_enabled),
                                   ('sms', c.sms_enabled), ('voice', c.voice_enabled)) as ch(channel, enabled)
        where a.status = 0
          and a.cause <> 'recovered'
          and c.enabled and c.escalate_after_min > 0 and ch.enabled
          and a.at <= ${iso}::timestamptz - make_interval(mins => c.escalate_after_min)
          and a.at > ${iso}::timestamptz - make_interval(hours => ${ESCALATION_LOOKBACK_HOURS})
          and not exists (select 1 from ${noticeOutbox} o
                          where o.alarm_id = a.id and o.contact_id = c.id and o.channel = ch.channel)
        returning id`);
      return (result as unknown as { rows: { id: number }[] }).rows.length;
    },
  };
}
