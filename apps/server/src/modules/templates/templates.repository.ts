import { and, asc, count, desc, eq, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Scope } from '../../platform/auth/scope.js';
import type { Executor } from '../../platform/db/client.js';
import { containsPattern } from '../../platform/db/like.js';
import { ownerPathInScope } from '../../platform/tenancy/scope.js';
import { devices } from '../devices/devices.table.js';
import { users } from '../users/users.table.js';
import { deviceTemplates } from './templates.table.js';

export type TemplateTableRow = typeof deviceTemplates.$inferSelect;
export type NewTemplate = Omit<typeof deviceTemplates.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export function createTemplatesRepository(db: Executor) {
  /** Platform templates (no owner) and templates owned in the scope's data subtree. */
  function visible(scope: Scope, tx: Executor): SQL {
    return or(
      isNull(deviceTemplates.ownerUserId),
      sql`${deviceTemplates.ownerUserId} IN ${tx.select({ id: users.id }).from(users).where(ownerPathInScope(scope))}`,
    )!;
  }

  /** Devices in the scope's data subtree built from an older version. */
  const outdated = (scope: Scope) => sql<number>`(SELECT count(*)::int FROM devices d JOIN users u
    ON u.id = d.owner_user_id WHERE d.template_id = "device_templates"."id"
    AND d.template_version < "device_templates"."version" AND ${ownerPathInScope(scope, sql`u.path`)})`;

  return {
    transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
      return db.transaction(fn);
    },

    async list(
      scope: Scope,
      q: { search?: string; kind?: 'device' | 'gateway' },
      limit: number,
      offset: number,
      tx: Executor = db,
    ) {
      const where = and(
        visible(scope, tx),
        q.kind ? eq(deviceTemplates.kind, q.kind) : undefined,
        q.search ? sql`${deviceTemplates.name} ILIKE ${containsPattern(q.search)}` : undefined,
      );
      const [total] = await tx.select({ n: count() }).from(deviceTemplates).where(where);
      const rows = await tx
        .select({ t: deviceTemplates, outdated: outdated(scope) })
        .from(deviceTemplates)
        .where(where)
        .orderBy(desc(deviceTemplates.id))
        .limit(limit)
        .offset(offset);
      return { rows: rows.map((r) => ({ ...r.t, outdated: r.outdated })), total: total?.n ?? 0 };
    },

    async findVisible(scope: Scope, id: number, tx: Executor = db) {
      const [row] = await tx
        .select({ t: deviceTemplates, outdated: outdated(scope) })
        .from(deviceTemplates)
        .where(and(eq(deviceTemplates.id, id), visible(scope, tx)));
      return row ? { ...row.t, outdated: row.outdated } : undefined;
    },

    /** The owner of a template is in the scope's data subtree. */
    async ownedByScope(scope: Scope, ownerId: number, tx: Executor = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, ownerId), ownerPathInScope(scope)));
      return row !== undefined;
    },

    async insert(values: NewTemplate, tx: Executor = db) {
      const [row] = await tx.insert(deviceTemplates).values(values).returning();
      return row!;
    },

    /** A platform template seeded once (no-op when the key exists). */
    async insertBuiltin(values: NewTemplate, tx: Executor = db) {
      await tx
        .insert(deviceTemplates)
        .values(values)
        .onConflictDoNothing({ target: deviceTemplates.builtinKey });
    },

    async update(id: number, patch: Partial<NewTemplate>, bumpVersion: boolean, tx: Executor = db) {
      await tx
        .update(deviceTemplates)
        .set({
          ...patch,
          updatedAt: new Date(),
          ...(bumpVersion && { version: sql`${deviceTemplates.version} + 1` }),
        })
        .where(eq(deviceTemplates.id, id));
    },

    async remove(id: number, tx: Executor = db) {
      await tx.delete(deviceTemplates).where(eq(deviceTemplates.id, id));
    },

    /** Devices in the scope's data subtree built from the template. */
    async devicesOf(scope: Scope, templateId: number, tx: Executor = db) {
      return tx
        .select({
          id: devices.id,
          title: devices.title,
          imei: devices.imei,
          templateVersion: devices.templateVersion,
        })
        .from(devices)
        .innerJoin(users, eq(users.id, devices.ownerUserId))
        .where(and(eq(devices.templateId, templateId), ownerPathInScope(scope)))
        .orderBy(asc(devices.id));
    },

    async countOlder(templateId: number, version: number, tx: Executor = db) {
      const [row] = await tx
        .select({ n: count() })
        .from(devices)
        .where(and(eq(devices.templateId, templateId), lt(devices.templateVersion, version)));
      return row?.n ?? 0;
    },
  };
}

export type TemplatesRepository = ReturnType<typeof createTemplatesRepository>;
