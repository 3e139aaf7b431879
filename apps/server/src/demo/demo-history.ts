import { rollupState } from '../pipeline/rollup/rollup-state.service.js';
import type { Executor } from '../platform/db/client.js';
import { demoFleetRepository } from './demo-fleet.repository.js';

const DAYS = 7;
const MINUTE = 60_000;

/**
 * A week of history for a new demo sensor, one reading a minute (the run state every 15 minutes), so the
 * history chart, the data report and the exports have something to show within a minute of the quick
 * start. The shapes follow the live simulator (@fleet/device-sim MQTT_DEMO_POINTS): a daily temperature
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
  await demoFleetRepository.backfillSensorHistory(tx, deviceId, { startMs: start, minutes, phase });
  // The rollups may already be past these minutes (the job starts before the demo): roll them again.
  await rollupState.rewind(tx, start);
}
