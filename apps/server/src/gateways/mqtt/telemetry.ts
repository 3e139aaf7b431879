import type { Telemetry } from '@fleet/protocols';
import { type DirectoryDevice, pointNamed } from '../../pipeline/directory.js';
import type { Reading } from '../../pipeline/types.js';

export interface DecodedTelemetry {
  readings: Reading[];
  /** Names that are no point of the device (or of the named slave): skipped. */
  unknown: string[];
}

/**
 * Telemetry (MQTT `up` or HTTP ingest) to readings of the device's configured points. Only the
 * device's own points can be named, so one device can never write another's data.
 */
export function decodeTelemetry(
  device: DirectoryDevice,
  telemetry: Telemetry,
  receivedAt: number,
): DecodedTelemetry {
  const ts = telemetry.ts ?? receivedAt;
  const readings: Reading[] = [];
  const unknown: string[] = [];
  for (const [name, value] of Object.entries(telemetry.values)) {
    const point = pointNamed(device, name, telemetry.slave ?? null);
    if (!point) {
      unknown.push(name);
      continue;
    }
    readings.push({ deviceId: device.id, pointId: point.id, ts, value });
  }
  return { readings, unknown };
}
