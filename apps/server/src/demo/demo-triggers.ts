import { and, eq, isNull } from 'drizzle-orm';
import { dataPoints } from '../modules/devices/devices.table.js';
import { triggers } from '../modules/triggers/triggers.table.js';
import type { Executor } from '../platform/db/client.js';

/**
 * The demo's alarms: the simulated temperature is a sine between 18 and 32 °C over five minutes, so
 * "above 30 °C for 10 s" raises and recovers (1 °C deadband) every few minutes on each sensor and the
 * alarm screens have something real to show.
 */
export async function insertDemoTriggers(tx: Executor, deviceId: number): Promise<void> {
  const [temp] = await tx
    .update(dataPoints)
    .set({ triggerEnable: 1 })
    .where(and(eq(dataPoints.deviceId, deviceId), isNull(dataPoints.slaveRef), eq(dataPoints.name, 'temp')))
    .returning({ id: dataPoints.id });
  if (!temp) return;
  await tx.insert(triggers).values({
    deviceId,
    pointId: temp.id,
    title: 'Temperature high',
    kind: 'limit',
    alarmType: 1,
    optype: 1,
    uplmt: 30,
    level: 3,
    deadband: 1,
    delayS: 10,
  });
}

/** The gateway raises an offline alarm after a minute without it. */
export const DEMO_GATEWAY_TRIGGER = (deviceId: number) => ({
  deviceId,
  title: 'Gateway offline',
  kind: 'offline' as const,
  alarmType: 4,
  level: 4,
  delayS: 60,
});
