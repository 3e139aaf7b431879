import { boolean, index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.js';

/**
 * One row per sign-in. The refresh token is `<id>.<secret>`; only sha256(secret) is stored. The hash
 * it replaced at the last rotation is kept with the rotation time: a browser that reloads while its
 * refresh is in flight (the answer is lost) or two tabs refreshing at once present that previous token
 * within seconds, which is a race, not a theft (see REFRESH_REUSE_GRACE_S).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    refreshHash: text('refresh_hash').notNull(),
    previousRefreshHash: text('previous_refresh_hash'),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Every sign-in attempt; the login throttle counts failures here so it works across instances. */
export const loginLog = pgTable(
  'login_log',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    username: text('username').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    success: boolean('success').notNull(),
    reason: text('reason'),
  },
  (t) => [
    index('login_log_username_at_idx').on(t.username, t.at),
    index('login_log_ip_at_idx').on(t.ip, t.at),
    index('login_log_user_at_idx').on(t.userId, t.at),
  ],
);
