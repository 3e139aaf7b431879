import type { NewPoint } from './points.repository.js';

/** A point row without its device, slave and position. */
export type PointFields = Omit<NewPoint, 'deviceId' | 'slaveRef' | 'sort'>;

/**
 * A point as code (not a user) creates it: the demo fleet, test fixtures, benchmarks. Defaults: a
 * read-only float register monitored and stored at most once a second (the smallest interval the API
 * accepts), no translation, no limits.
 */
export function pointFields(fields: Partial<PointFields> & Pick<PointFields, 'name'>): PointFields {
  return {
    title: fields.name,
    type: 0,
    sourceKind: 'register',
    dataType: 'float',
    area: null,
    address: null,
    registerCount: null,
    dbNumber: null,
    byteOrder: 'ABCD',
    scale: 1,
    offset: 0,
    decimals: 2,
    unit: '',
    storageMode: 1,
    storageIntervalS: 1,
    tolerance: 0,
    collectMode: 1,
    access: 'readonly',
    triggerEnable: 0,
    lolmt: null,
    uplmt: null,
    dsConfig: { translate: [] },
    ...fields,
  };
}
