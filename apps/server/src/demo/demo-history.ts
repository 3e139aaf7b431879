import { sql } from 'drizzle-orm';
import { rollupState } from '../pipeline/rollup/rollup-state.service.js';
import type { Executor } from '../platform/db/client.js';

const DAYS = 7;
const MINUTE = 60_000;

/**
 * A week of history for a new demo sensor, one reading a minute (the run state every 15 minutes), so the
 * history chart, the data report and the exports have something to show within a minute of the quick
 * start. The shapes follow the live simulator (tools/simulator MQTT_DEMO_POINTS): a daily temperature
 * swing, humidity against it, and an energy counter that ends at the simulator's start value (1,000 kWh),
 * so the live readings continue it without a reset. Written straight into point_history: no alarms fire
 * for the past.
 */
export async function backfillDemoHistory(tx: Executor, deviceId: number, nowMs: number): Promise<void> {
  const end = Math.floor(nowMs / MINUTE) * MINUTE - MINUTE;
  const minutes = DAYS * 1440;
  const start = end - minutes * MINUTE;
  // Phase: the device's own, so the three sensors do not draw the same line.
  const phase = (deviceId % 7) / 7;
  await tx.execute(sql`
    insert into point_history (point_id, ts, value)
    select p.id, to_timestamp((${start}::float8 + i * ${MINUTE}::float8) / 1000),
      round((case p.name
        when 'temp' then 24 + 6 * sin(2 * pi() * (i / 1440.0 + ${phase})) + 1.2 * sin(2 * pi() * i / 37.0) + random() * 0.6
        when 'humidity' then 55 - 12 * sin(2 * pi() * (i / 1440.0 + ${phase})) + random() * 2
        else 496 + 0.05 * i - 8 * sin(2 * pi() * i / 1440.0)
      end)::numeric, 2)
    from data_points p, generate_series(0, ${minutes}) i
    where p.device_id = ${deviceId} and p.name in ('temp', 'humidity', 'energy')`);
  await tx.execute(sql`
    insert into point_history (point_id, ts, value)
    select p.id, to_timestamp((${start}::float8 + i * ${15 * MINUTE}::float8) / 1000),
      case when sin(2 * pi() * (i / 96.0 + ${phase})) > -0.5 then 1 else 0 end
    from data_points p, generate_series(0, ${minutes / 15}) i
    where p.device_id = ${deviceId} and p.name = 'run'`);
  // The rollups may already be past these minutes (the job starts before the demo): roll them again.
  await rollupState.rewind(tx, start);
}
