import { createFleet, embeddedDatabase } from './fleet.js';
import { historyCount, rawRows, runPipeline } from './pipeline-run.js';
import { rawMultiRowInsert } from './raw-insert.js';

const round3 = (n: number) => Math.round(n * 1000) / 1000;
/** Readings of the timed runs sit in the current month; each part uses its own hour. */
export const hourStart = (offsetHours: number) =>
  Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1) + offsetHours * 3600_000;

/**
 * The embedded (PGlite) half of the ingest benchmark: readings through the real pipeline against raw
 * multi-row inserts of the same rows, on a fresh database. Shared by bench:ingest and bench:live (which
 * prints these figures next to its own, measured in the same run).
 */
export async function measureEmbeddedIngest(
  devices: number,
  points: number,
  rounds: number,
  inFlight: number,
  targetPointsPerS: number,
) {
  const bench = await embeddedDatabase();
  try {
    const fleet = await createFleet(bench.database, devices, points);
    const pipeline = await runPipeline(bench.database, fleet, rounds, hourStart(0), inFlight);
    const rows = rawRows(fleet, rounds, hourStart(10));
    const rawSeconds = await rawMultiRowInsert(bench.database, rows);
    const raw = {
      method: 'multi-row INSERT, 5,000 rows per statement',
      points_per_s: Math.round(rows.length / rawSeconds),
    };
    return {
      database: 'PGlite (embedded, data directory on disk)',
      readings: rows.length,
      pipeline,
      raw,
      ratio_pipeline_to_raw: round3(pipeline.points_per_s / raw.points_per_s),
      target_points_per_s: targetPointsPerS,
      meets_target: pipeline.points_per_s >= targetPointsPerS,
      history_rows: await historyCount(bench.database),
    };
  } finally {
    await bench.dispose();
  }
}
