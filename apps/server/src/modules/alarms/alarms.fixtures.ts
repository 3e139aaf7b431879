import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { type Scope, scopeOf } from '../../platform/auth/scope.js';
import type { Database } from '../../platform/db/client.js';
import { createRole, createUser, tokenFor } from '../../test-support/factories.js';
import { alarmLog } from './alarms.table.js';

/** Test data: a signed-in user holding `permissions` (a sub-account when `isSubuser`). */
export async function createAlarmUser(
  t: { app: FastifyInstance; database: Database },
  permissions: string[],
  options: { parentId?: number; isSubuser?: boolean; nickName?: string } = {},
) {
  const roleId = await createRole(t.database, {
    ownerUserId: options.parentId ?? null,
    name: `alarms-${Math.random().toString(36).slice(2, 10)}`,
    permissions,
  });
  const user = await createUser(t.database, {
    userType: 2,
    parentId: options.parentId ?? null,
    isSubuser: options.isSubuser ?? false,
    nickName: options.nickName ?? '',
    roleIds: [roleId],
  });
  return { user, token: await tokenFor(t.app, user.username, user.password) };
}

/** The scope the auth plugin would resolve for `user` (for calling services directly). */
export function scopeOfUser(
  user: { id: number; userType: number; path: string; isSubuser: boolean; parentId: number | null },
  parentPath: string | null = null,
): Scope {
  return scopeOf({
    userId: user.id,
    userType: user.userType,
    path: user.path,
    isDemo: false,
    sessionId: 'test',
    isSubuser: user.isSubuser,
    parentId: user.parentId,
    parentPath,
    roles: [],
  });
}

/** Test data: one alarm_log row as the engine would write it (an open over-limit alarm by default). */
export async function insertAlarm(
  database: Database,
  values: Partial<typeof alarmLog.$inferInsert> & { deviceId: number; at: Date },
) {
  const [row] = await database.db
    .insert(alarmLog)
    .values({ alarmType: 1, level: 2, cause: 'limit', ...values })
    .returning();
  return row!;
}

/** The cell values of the first sheet of an xlsx, row by row (header first). */
export async function readSheet(file: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => {
    // Array.from turns the holes of empty cells into undefined.
    rows.push(Array.from(row.values as unknown[]).slice(1));
  });
  return rows;
}
