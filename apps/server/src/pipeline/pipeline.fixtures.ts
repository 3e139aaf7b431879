import { pointFields } from '../modules/devices/point-defaults.js';
import { createPointsRepository, type NewPoint } from '../modules/devices/points.repository.js';
import type { Database } from '../platform/db/client.js';

let counter = 0;

/** Test data: one data point of a device, a plain float monitor point unless overridden. */
export async function insertTestPoint(
  database: Database,
  deviceId: number,
  overrides: Partial<NewPoint> = {},
) {
  counter += 1;
  const [row] = await createPointsRepository(database.db).insertPoints([
    {
      ...pointFields({
        name: `p${counter}`,
        title: `Point ${counter}`,
        access: 'readwrite',
        storageIntervalS: 0,
      }),
      deviceId,
      slaveRef: null,
      sort: counter,
      ...overrides,
    },
  ]);
  return row!;
}
