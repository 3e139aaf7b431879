import type { LiveReading } from '@fleet/contracts';
import type { DeviceDirectory } from '../../pipeline/directory.js';
import type { Pipeline, StoredReading } from '../../pipeline/types.js';
import type { EventBus } from '../../platform/bus/event-bus.js';

/** Bus channels of the live channel; every instance fans out what arrives on them. */
export const LIVE_BUS = {
  /** LiveReadingsMessage: readings stored on some instance, already named. */
  readings: 'live.readings',
  /** LiveAlarmMessage: an alarm raised on some instance. */
  alarms: 'live.alarms',
} as const;

export interface LiveDeviceReadings {
  deviceId: number;
  readings: LiveReading[];
}
export type LiveReadingsMessage = LiveDeviceReadings[];

export interface LiveAlarmMessage {
  deviceId: number;
  payload: Record<string, unknown>;
}

/**
 * Publishes every stored batch on LIVE_BUS.readings, grouped by device and named once here (so the
 * receiving instances need no lookups). Only readings that became the latest value are live.
 * Batches are published in the order the pipeline stored them.
 */
export function startLiveFeed(
  pipeline: Pipeline,
  directory: DeviceDirectory,
  bus: EventBus,
  onError: (error: unknown) => void,
) {
  let chain: Promise<void> = Promise.resolve();
  const unsubscribe = pipeline.onStored((batch) => {
    chain = chain.then(() => publishBatch(batch)).catch(onError);
  });

  async function publishBatch(batch: readonly StoredReading[]): Promise<void> {
    const byDevice = new Map<number, StoredReading[]>();
    for (const reading of batch) {
      if (!reading.latest) continue;
      let list = byDevice.get(reading.deviceId);
      if (!list) {
        list = [];
        byDevice.set(reading.deviceId, list);
      }
      list.push(reading);
    }
    if (byDevice.size === 0) return;
    const message: LiveReadingsMessage = [];
    for (const [deviceId, readings] of byDevice) {
      const device = await directory.byId(deviceId);
      if (!device) continue;
      const named: LiveReading[] = [];
      for (const reading of readings) {
        const point = device.byId.get(reading.pointId);
        if (!point) continue;
        named.push({
          point_id: point.id,
          name: point.name,
          slave_id: point.slaveId,
          value: reading.value,
          at: new Date(reading.ts).toISOString(),
        });
      }
      if (named.length > 0) message.push({ deviceId, readings: named });
    }
    if (message.length > 0) bus.publish(LIVE_BUS.readings, message);
  }

  return {
    /** Resolves when every batch seen so far was published. */
    drained: () => chain,
    stop: unsubscribe,
  };
}
