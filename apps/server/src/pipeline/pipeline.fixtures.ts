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
      deviceId,
      slaveRef: null,
      name: `p${counter}`,
      title: `Point ${counter}`,
      type: 0,
      sourceKind: 'register',
      dataType: 'float',
      byteOrder: 'ABCD',
      scale: 1,
      offset: 0,
      decimals: 2,
      unit: '',
      storageMode: 1,
      storageIntervalS: 0,
      tolerance: 0,
      collectMode: 1,
      access: 'readwrite',
      triggerEnable: 0,
      dsConfig: { translate: [] },
      sort: counter,
      ...overrides,
    },
  ]);
  return row!;
}
