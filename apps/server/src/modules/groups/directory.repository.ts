import { and, asc, count, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Scope } from '../../platform/auth/scope.js';
import type { Executor } from '../../platform/db/client.js';
import { containsPattern } from '../../platform/db/like.js';
import { ownerPathInScope } from '../../platform/tenancy/scope.js';
import { companies } from '../companies/companies.table.js';
import { deviceGroups, deviceProjects } from './groups.table.js';

/**
 * One repository for the three device directories (groups, projects, companies): flat rows owned by a
 * data owner, visible to the owner's subtree (DESIGN 6), referenced by one devices column each.
 */
export type DirectoryTable = typeof deviceGroups | typeof deviceProjects | typeof companies;
export type DirectoryKind = 'group' | 'project' | 'company';

const TABLES = { group: deviceGroups, project: deviceProjects, company: companies } as const;
/** The devices column referencing each directory (hand-qualified: used inside correlated subqueries). */
const DEVICE_COLUMN = { group: 'group_id', project: 'project_id', company: 'company_id' } as const;

type Tables = typeof TABLES;
export type DirectoryRow<K extends DirectoryKind> = Tables[K]['$inferSelect'];
export type NewDirectoryRow<K extends DirectoryKind> = Omit<Tables[K]['$inferInsert'], 'id' | 'createdAt'>;

export function createDirectoryRepository<K extends DirectoryKind>(db: Executor, kind: K) {
  // Drizzle's builders do not accept a union of tables; each call site sees the one table of `kind`.
  const table = TABLES[kind] as typeof deviceGroups;
  const tableName = sql.identifier(
    kind === 'group' ? 'device_groups' : kind === 'project' ? 'device_projects' : 'companies',
  );
  const deviceColumn = sql.identifier(DEVICE_COLUMN[kind]);

  /** Owned by the scope's data owner or a user below it. */
  const visible = (scope: Scope): SQL =>
    sql`${table.ownerUserId} IN (SELECT u.id FROM users u WHERE ${ownerPathInScope(scope, sql`u.path`)})`;
  const columns = {
    row: table,
    deviceCount: sql<number>`(SELECT count(*)::int FROM devices d WHERE d.${deviceColumn} = ${tableName}."id")`,
  };
  type Row = DirectoryRow<K> & { deviceCount: number };
  const toRow = (r: { row: unknown; deviceCount: number }) =>
    ({ ...(r.row as DirectoryRow<K>), deviceCount: r.deviceCount }) as Row;

  return {
    transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
      return db.transaction(fn);
    },

    async list(scope: Scope, search: string | undefined, limit: number, offset: number, tx: Executor = db) {
      const where = and(
        visible(scope),
        search ? sql`${table.name} ILIKE ${containsPattern(search)}` : undefined,
      );
      const [total] = await tx.select({ n: count() }).from(table).where(where);
      const rows = await tx
        .select(columns)
        .from(table)
        .where(where)
        .orderBy(asc(table.name), asc(table.id))
        .limit(limit)
        .offset(offset);
      return { rows: rows.map(toRow), total: total?.n ?? 0 };
    },

    async findVisible(scope: Scope, id: number, tx: Executor = db): Promise<Row | undefined> {
      const [row] = await tx
        .select(columns)
        .from(table)
        .where(and(eq(table.id, id), visible(scope)));
      return row ? toRow(row) : undefined;
    },

    /** Another row of the owner with this name (exceptId: the row being renamed). */
    async nameTaken(ownerUserId: number, name: string, exceptId?: number, tx: Executor = db) {
      const [row] = await tx
        .select({ id: table.id })
        .from(table)
        .where(
          and(
            eq(table.ownerUserId, ownerUserId),
            eq(table.name, name),
            exceptId === undefined ? undefined : ne(table.id, exceptId),
          ),
        );
      return row !== undefined;
    },

    async insert(values: NewDirectoryRow<K>, tx: Executor = db): Promise<DirectoryRow<K>> {
      const [row] = await tx
        .insert(table)
        .values(values as NewDirectoryRow<'group'>)
        .returning();
      return row as DirectoryRow<K>;
    },

    async update(id: number, patch: Partial<NewDirectoryRow<K>>, tx: Executor = db): Promise<void> {
      if (Object.keys(patch).length === 0) return;
      await tx
        .update(table)
        .set(patch as Partial<NewDirectoryRow<'group'>>)
        .where(eq(table.id, id));
    },

    /** Devices keep existing: the foreign key sets their reference to null. */
    async remove(id: number, tx: Executor = db): Promise<void> {
      await tx.delete(table).where(eq(table.id, id));
    },
  };
}

export type DirectoryRepository<K extends DirectoryKind> = ReturnType<typeof createDirectoryRepository<K>>;
