import { describe, expect, it } from 'vitest';
import {
  areaFamilyOf,
  bdgwAllows,
  decimalsAfterTypeChange,
  POINT_DEFAULTS,
  type PointConfig,
  pointDefaultsFor,
  pointProblem,
} from './device-points.js';
import { deviceCreateBody } from './devices.js';

const point = (p: Partial<PointConfig>): PointConfig => ({ ...POINT_DEFAULTS, name: 'p', ...p });

describe('areaFamilyOf', () => {
  it('maps gateway protocols to their register-area family', () => {
    expect(areaFamilyOf('Modbus_TCP')).toBe('modbus');
    expect(areaFamilyOf(null, 1)).toBe('modbus');
    expect(areaFamilyOf(null, 3)).toBeNull();
    expect(areaFamilyOf('S7-1200')).toBe('siemens');
    expect(areaFamilyOf('Siemens_PPI')).toBe('siemens');
    expect(areaFamilyOf('FX3U')).toBe('mitsubishi');
    expect(areaFamilyOf('DLT645')).toBe('industry');
    expect(areaFamilyOf('Omron_Fins_TCP')).toBe('other');
  });

  it('lets BDGW use only MODBUS, Siemens, Mitsubishi, industry and private', () => {
    expect(bdgwAllows('Modbus_RTU')).toBe(true);
    expect(bdgwAllows('private')).toBe(true);
    expect(bdgwAllows('IEC104')).toBe(true);
    expect(bdgwAllows('Delta_DVP')).toBe(false);
  });
});

describe('pointProblem', () => {
  it('accepts a float in 4X and a coil bit', () => {
    expect(pointProblem(point({ area: '4X', address: 10, data_type: 'float' }), 'modbus')).toBeNull();
    expect(
      pointProblem(point({ area: '0X', address: 0, data_type: 'uint8', access: 'readwrite' }), 'modbus'),
    ).toBeNull();
  });

  it.each([
    [point({ address: 1 }), 'modbus', 'area'],
    [point({ area: '4X' }), 'modbus', 'address'],
    [point({ area: '0X', address: 1, data_type: 'uint16' }), 'modbus', 'data_type'],
    [point({ area: '3X', address: 1, access: 'readwrite' }), 'modbus', 'access'],
    [point({ area: '4X', address: 65534, data_type: 'double' }), 'modbus', 'address'],
    [point({ area: '4X', address: 1, data_type: 'var' }), 'modbus', 'register_count'],
    [point({ area: 'V', address: 1 }), 'modbus', 'area'],
    [point({ area: 'DB', address: 1 }), 'siemens', 'db_number'],
    [point({ area: 'M', address: 1, data_type: 'int16' }), 'mitsubishi', 'data_type'],
    [point({ lolmt: 2, uplmt: 1 }), null, 'lolmt'],
    [
      point({ ds_config: { translate: [{ range: { lolmt: 3, uplmt: 1 }, text: 'x' }] } }),
      null,
      'ds_config.translate.0.range',
    ],
  ] as const)('%# names %s', (p, family, field) => {
    expect(pointProblem(p, family)?.field).toBe(field);
  });

  it('allows a Siemens marker word (M is not a bit area for Siemens)', () => {
    expect(pointProblem(point({ area: 'M', address: 10, data_type: 'int16' }), 'siemens')).toBeNull();
  });
});

describe('deviceCreateBody', () => {
  it('needs an IMEI or a share code and knows the protocol codes', () => {
    expect(deviceCreateBody.safeParse({}).error?.issues[0]?.path).toEqual(['device_imei']);
    expect(deviceCreateBody.safeParse({ device_sharecode: 'abcdEFGH2345' }).success).toBe(true);
    expect(deviceCreateBody.safeParse({ device_imei: '861234567890123', protocol: 10 }).success).toBe(false);
    expect(deviceCreateBody.safeParse({ device_imei: '861234567890123', protocol: 9 }).success).toBe(true);
  });
});

describe('default decimals (issue 16)', () => {
  it('are 2 for float and double points, 0 for the others', () => {
    expect(pointDefaultsFor('float').decimals).toBe(2);
    expect(pointDefaultsFor('double').decimals).toBe(2);
    expect(pointDefaultsFor('uint16').decimals).toBe(0);
    expect(pointDefaultsFor().decimals).toBe(0);
  });

  it('follow a type change in a form only while still at the old default', () => {
    expect(decimalsAfterTypeChange('uint16', 'float', 0)).toBe(2);
    expect(decimalsAfterTypeChange('float', 'int32', 2)).toBe(0);
    expect(decimalsAfterTypeChange('uint16', 'float', 3)).toBe(3);
    expect(decimalsAfterTypeChange('float', 'double', 1)).toBe(1);
  });
});
