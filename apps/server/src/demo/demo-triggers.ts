import type { Executor } from '../platform/db/client.js';
import { demoFleetRepository } from './demo-fleet.repository.js';

/**
 * The demo's alarms: the simulated temperature is a sine between 18 and 32 °C over five minutes, so
 * "above 30 °C for 10 s" raises and recovers (1 °C deadband) every few minutes on each sensor and the
 * alarm screens have something real to show.
 */
export async function insertDemoTriggers(tx: Executor, deviceId: number): Promise<void> {
  const temp = await demoFleetRepository.enableTrigger(tx, deviceId, 'temp');
  if (temp === undefined) return;
  await demoFleetRepository.insertTrigger(tx, {
    deviceId,
    pointId: temp,
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
