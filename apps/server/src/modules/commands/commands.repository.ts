import type { CommandRow, CommandStatus } from '@fleet/contracts';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { dataPoints } from '../devices/devices.table.js';
import { deviceCommands } from './commands.table.js';

export type CommandRecord = typeof deviceCommands.$inferSelect;
export type NewCommand = Omit<typeof deviceCommands.$inferInsert, 'id'>;
export type CommandPatch = Partial<Pick<CommandRecord, 'status' | 'error' | 'sentAt' | 'answeredAt'>>;
export type PointRecord = typeof dataPoints.$inferSelect;

const rowColumns = {
  command: deviceCommands,
  // Read as text: Drizzle's jsonb reader parses strings again, so the text "55" came back as 55.
  valueJson: sql<string | null>`${deviceCommands.value}::text`,
  pointName: dataPoints.name,
  pointTitle: dataPoints.title,
};

function toRow(r: {
  command: CommandRecord;
  valueJson: string | null;
  pointName: string | null;
  pointTitle: string | null;
}): CommandRow {
  const c = r.command;
  return {
    id: c.id,
    device_id: c.deviceId,
    point_id: c.pointId,
    point_name: r.pointName ?? '',
    point_title: r.pointTitle ?? '',
    kind: c.kind as CommandRow['kind'],
    value: r.valueJson === null ? null : (JSON.parse(r.valueJson) as CommandRow['value']),
    status: c.status,
    error: c.error,
    created_by: c.createdBy,
    created_at: c.createdAt.toISOString(),
    sent_at: c.sentAt?.toISOString() ?? null,
    answered_at: c.answeredAt?.toISOString() ?? null,
  };
}

export function createCommandsRepository(db: Executor) {
  const select = () =>
    db
      .select(rowColumns)
      .from(deviceCommands)
      .leftJoin(dataPoints, eq(dataPoints.id, deviceCommands.pointId));

  async function row(id: number): Promise<CommandRow | undefined> {
    const [found] = await select().where(eq(deviceCommands.id, id));
    return found ? toRow(found) : undefined;
  }

  return {
    row,

    /** A point of the device (not of another device). */
    async point(deviceId: number, pointId: number): Promise<PointRecord | undefined> {
      const [found] = await db
        .select()
        .from(dataPoints)
        .where(and(eq(dataPoints.id, pointId), eq(dataPoints.deviceId, deviceId)));
      return found;
    },

    async insert(values: NewCommand): Promise<number> {
      const [created] = await db.insert(deviceCommands).values(values).returning({ id: deviceCommands.id });
      return created!.id;
    },

    /** Updates and answers the row; `onlyIf` guards against overwriting a later status. */
    async update(id: number, patch: CommandPatch, onlyIf?: CommandStatus): Promise<CommandRow | undefined> {
      const where = onlyIf
        ? and(eq(deviceCommands.id, id), eq(deviceCommands.status, onlyIf))
        : eq(deviceCommands.id, id);
      await db.update(deviceCommands).set(patch).where(where);
      return row(id);
    },

    async list(deviceId: number, limit: number, offset: number) {
      const where = eq(deviceCommands.deviceId, deviceId);
      const [total] = await db.select({ n: count() }).from(deviceCommands).where(where);
      const rows = await select().where(where).orderBy(desc(deviceCommands.id)).limit(limit).offset(offset);
      return { rows: rows.map(toRow), total: total?.n ?? 0 };
    },
  };
}

export type CommandsRepository = ReturnType<typeof createCommandsRepository>;
