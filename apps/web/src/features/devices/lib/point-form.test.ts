import { POINT_DEFAULTS, pointProblem } from '@fleet/contracts';
import { describe, expect, it } from 'vitest';
import {
  bodyFromPoint,
  formValuesOf,
  pointFromForm,
  rowsFromTranslate,
  translateFromRows,
} from './point-form';

describe('translation editor rows', () => {
  it('round-trips ds_config.translate', () => {
    const items = [
      { range: { lolmt: 0, uplmt: 0 }, text: 'closed' },
      { range: { lolmt: 1, uplmt: 1 }, text: 'tripped' },
    ];
    expect(translateFromRows(rowsFromTranslate(items))).toEqual(items);
  });
  it('drops blank rows, trims text and keeps missing limits as null', () => {
    expect(
      translateFromRows([{ lolmt: null, uplmt: null, text: '  ' }, undefined, { lolmt: 5, text: ' high ' }]),
    ).toEqual([{ range: { lolmt: 5, uplmt: null }, text: 'high' }]);
  });
});

describe('point form to body', () => {
  it('starts from the defaults with the chosen slave', () => {
    const v = formValuesOf(undefined, 3);
    expect(v.slave_id).toBe(3);
    expect(v.data_type).toBe(POINT_DEFAULTS.data_type);
    expect(v.translations).toEqual([]);
  });
  it('builds a complete point: trims, nulls empty numbers, clears db_number outside DB', () => {
    const p = pointFromForm({
      ...formValuesOf(undefined, 1),
      name: ' trip ',
      area: '0X',
      address: 12,
      data_type: 'uint8',
      db_number: 4,
      lolmt: undefined as unknown as null,
      translations: [{ lolmt: 0, uplmt: 0, text: 'closed' }],
    });
    expect(p.name).toBe('trip');
    expect(p.db_number).toBeNull();
    expect(p.lolmt).toBeNull();
    expect(p.ds_config).toEqual({ translate: [{ range: { lolmt: 0, uplmt: 0 }, text: 'closed' }] });
    expect(pointProblem(p, 'modbus')).toBeNull();
    expect(bodyFromPoint(p)).not.toHaveProperty('translations');
  });
  it('sends only configuration fields when editing a stored row', () => {
    const row = {
      ...POINT_DEFAULTS,
      id: 7,
      device_id: 3,
      name: 'ua',
      area: '4X' as const,
      address: 0,
      data_type: 'float' as const,
    };
    const body = bodyFromPoint(pointFromForm(formValuesOf(row, null)));
    expect(body).not.toHaveProperty('id');
    expect(body).not.toHaveProperty('device_id');
    expect(body).toMatchObject({ name: 'ua', area: '4X', address: 0, data_type: 'float' });
  });
  it('lets pointProblem catch what the server would refuse', () => {
    const p = pointFromForm({
      ...formValuesOf(undefined, 1),
      name: 'x',
      area: '0X',
      address: 1,
      data_type: 'float',
    });
    expect(pointProblem(p, 'modbus')?.field).toBe('data_type');
    const q = pointFromForm({
      ...formValuesOf(undefined, 1),
      name: 'x',
      area: '3X',
      address: 1,
      access: 'readwrite',
    });
    expect(pointProblem(q, 'modbus')?.field).toBe('access');
  });
});
