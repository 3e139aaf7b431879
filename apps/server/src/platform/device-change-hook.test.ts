import { describe, expect, it } from 'vitest';
import { deviceChangesOf } from './device-change-hook.js';

describe('deviceChangesOf', () => {
  it('names the device of a single-device write and its kind', () => {
    expect(deviceChangesOf('PUT', '/device/12')).toEqual([{ deviceId: 12, kind: 'config' }]);
    expect(deviceChangesOf('DELETE', '/device/12')).toEqual([{ deviceId: 12, kind: 'deleted' }]);
    expect(deviceChangesOf('POST', '/device/12/credentials/rotate')).toEqual([
      { deviceId: 12, kind: 'credentials' },
    ]);
    expect(deviceChangesOf('PUT', '/device/12/datapoint/4')).toEqual([{ deviceId: 12, kind: 'config' }]);
  });

  it('names each device of a batch or a template apply, from the body', () => {
    expect(deviceChangesOf('POST', '/device/batch', { ids: [3, 4], delete: true })).toEqual([
      { deviceId: 3, kind: 'deleted' },
      { deviceId: 4, kind: 'deleted' },
    ]);
    expect(deviceChangesOf('POST', '/device/batch', { ids: [3], update: { remark: 'x' } })).toEqual([
      { deviceId: 3, kind: 'config' },
    ]);
    expect(deviceChangesOf('POST', '/device/template/3/apply', { device_ids: [7] })).toEqual([
      { deviceId: 7, kind: 'config' },
    ]);
  });

  it('says only "created" for new devices: nothing cached about another device changes', () => {
    expect(deviceChangesOf('POST', '/device', { device_imei: '123456' })).toEqual([
      { deviceId: null, kind: 'created' },
    ]);
    expect(deviceChangesOf('POST', '/device/import')).toEqual([{ deviceId: null, kind: 'created' }]);
  });

  it('ignores reads, commands, logs, catalogues and unapplied templates', () => {
    expect(deviceChangesOf('GET', '/device/12')).toEqual([]);
    expect(deviceChangesOf('POST', '/device/cmd')).toEqual([]);
    expect(deviceChangesOf('DELETE', '/device/onofflinelog/5')).toEqual([]);
    expect(deviceChangesOf('POST', '/device/model')).toEqual([]);
    expect(deviceChangesOf('PUT', '/device/group/2')).toEqual([]);
    expect(deviceChangesOf('PUT', '/device/template/3')).toEqual([]);
    expect(deviceChangesOf('POST', '/user/add')).toEqual([]);
  });
});
