import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * The instances' persistent broker sessions in scale-out mode (MQTT_SESSION_ID): each running
 * instance beats here. The broker keeps routing shared-subscription messages to an absent member's
 * session, so when an instance dies for good its share of the readings would wait in the broker
 * until the session expires and then be lost; the leader drains such a session instead
 * (gateways/mqtt/session-adoption.ts).
 */
export const mqttSessionSlots = pgTable('mqtt_session_slots', {
  sessionId: text('session_id').primaryKey(),
  /** The owner's connections: client ids `fleet-{sessionId}-{0..n-1}`. */
  connections: integer('connections').notNull(),
  instanceId: text('instance_id').notNull(),
  heartbeatAt: at('heartbeat_at').notNull(),
  /** When another instance last drained the session (it was ended at the broker after). */
  drainedAt: at('drained_at'),
});
