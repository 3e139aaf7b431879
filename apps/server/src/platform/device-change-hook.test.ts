import { describe, expect, it } from 'vitest';
import { deviceChangeOf } from './device-change-hook.js';

describe('deviceChangeOf', () => {
  it('names the device of a single-device write and its kind', () => {
    expect(deviceChangeOf('PUT', '/device/12')).toEqual({ deviceId: 12, kind: 'config' });
    expect(deviceChangeOf('DELETE', '/device/12')).toEqual({ deviceId: 12, kind: 'deleted' });
    expect(deviceChangeOf('POST', '/device/12/credentials/rotate')).toEqual({
      deviceId: 12,
      kind: 'credentials',
    });
    expect(deviceChangeOf('PUT', '/device/12/datapoint/4')).toEqual({ deviceId: 12, kind: 'config' });
  });

  it('flushes everything for batch, import and template writes', () => {
    expect(deviceChangeOf('POST', '/device/batch')).toEqual({ deviceId: null, kind: 'deleted' });
    expect(deviceChangeOf('POST', '/device/import')).toEqual({ deviceId: null, kind: 'config' });
    expect(deviceChangeOf('POST', '/device/template/3/apply')).toEqual({ deviceId: null, kind: 'config' });
  });

  it('ignores reads, commands and logs', () => {
    expect(deviceChangeOf('GET', '/device/12')).toBeUndefined();
    expect(deviceChangeOf('POST', '/device/cmd')).toBeUndefined();
    expect(deviceChangeOf('DELETE', '/device/onofflinelog/5')).toBeUndefined();
    expect(deviceChangeOf('POST', '/user/add')).toBeUndefined();
  });
});
