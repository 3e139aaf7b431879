import type { TranslateItem } from '@fleet/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../platform/db/client.js';
import { createAlarmUser } from '../alarms/alarms.fixtures.js';
import { dataPoints } from '../devices/devices.table.js';
import { pointFields } from '../devices/point-defaults.js';

/** Test data: a signed-in user holding `permissions` (ExportFile is not added for you). */
export const createExportUser = (
  t: { app: FastifyInstance; database: Database },
  permissions: string[],
  options: { parentId?: number; isSubuser?: boolean } = {},
) => createAlarmUser(t, permissions, options);

/** Test data: a point of a device (stored, numeric; `translate` as the point form would save it). */
export async function createPoint(
  database: Database,
  deviceId: number,
  input: { name: string; title?: string; unit?: string; translate?: TranslateItem[]; sort?: number },
) {
  const [row] = await database.db
    .insert(dataPoints)
    .values({
      ...pointFields({
        name: input.name,
        title: input.title ?? input.name,
        unit: input.unit ?? '',
        dsConfig: { translate: input.translate ?? [] },
      }),
      deviceId,
      slaveRef: null,
      sort: input.sort ?? 0,
    })
    .returning();
  return row!;
}

/** Test data: history rows of a point, written directly into point_history. */
export async function insertHistory(
  database: Database,
  pointId: number,
  rows: { ts: Date; value?: number | null; text?: string | null }[],
) {
  for (const r of rows)
    await database.db.execute(
      sql`insert into point_history (point_id, ts, value, text)
          values (${pointId}, ${r.ts.toISOString()}::timestamptz, ${r.value ?? null}, ${r.text ?? null})`,
    );
}

/** Test data: `count` readings of a point, one a second from `start` (value = its index). */
export async function insertHistorySeries(database: Database, pointId: number, start: Date, count: number) {
  await database.db.execute(
    sql`insert into point_history (point_id, ts, value)
        select ${pointId}, ${start.toISOString()}::timestamptz + make_interval(secs => i), i
        from generate_series(0, ${count - 1}) as i`,
  );
}

/** Parses a csv of the export writer (BOM, CRLF, RFC 4180 quotes) into rows of fields. */
export function parseCsv(text: string): string[][] {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < body.length; i += 1) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && body[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += c;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}
