import { type DataPointRow, type LastdpsRow, POINT_DEFAULTS } from '@fleet/contracts';
import { describe, expect, it } from 'vitest';
import { CARD_POINTS, cardValues, lastUpdate } from './card-values';

const point = (id: number, over: Partial<DataPointRow> = {}): DataPointRow => ({
  ...POINT_DEFAULTS,
  id,
  device_id: 1,
  name: `p${id}`,
  title: `Point ${id}`,
  ...over,
});
const dp = (id: number, value: number | string | null, at: string | null = null) => ({
  point_id: id,
  name: `p${id}`,
  title: id === 2 ? '' : `Point ${id}`,
  value,
  unit: id === 1 ? '°C' : '',
  at,
});
const row = (lastdp: LastdpsRow['lastdp'], online_at: string | null = null) => ({ lastdp, online_at });

describe('cardValues', () => {
  it('translates and formats with the point configuration, and keeps units', () => {
    const points = [
      point(1, { decimals: 1 }),
      point(2, {
        ds_config: {
          ...POINT_DEFAULTS.ds_config,
          translate: [{ range: { lolmt: 1, uplmt: 1 }, text: 'Running' }],
        },
      }),
    ];
    const values = cardValues(row([dp(1, 21.46), dp(2, 1), dp(3, null)]), points);
    expect(values.map((v) => [v.label, v.text, v.translated, v.unit])).toEqual([
      ['Point 1', '21.5', false, '°C'],
      ['p2', 'Running', true, ''],
      ['Point 3', null, false, ''],
    ]);
    expect(values[1]?.raw).toBe(1);
  });

  it('names the slave of a gateway point, since slaves often share point titles', () => {
    const points = [point(1, { slave_id: 1 }), point(2, { slave_id: 2 }), point(3)];
    const values = cardValues(row([dp(1, 1), dp(2, 2), dp(3, 3)]), points);
    expect(values.map((v) => v.slaveId)).toEqual([1, 2, null]);
  });

  it('shows raw numbers and strings while the point list is unknown', () => {
    const values = cardValues(row([dp(1, 21.46), dp(2, 'open')]), undefined);
    expect(values.map((v) => v.text)).toEqual(['21.46', 'open']);
    expect(values.every((v) => v.writable === undefined)).toBe(true);
  });

  it('offers a write only for writable points and shows at most a card full', () => {
    const points = [point(1, { access: 'readwrite' }), point(2)];
    const values = cardValues(row([dp(1, 1), dp(2, 2)]), points);
    expect(values.map((v) => v.writable?.id)).toEqual([1, undefined]);
    const many = Array.from({ length: 12 }, (_v, i) => dp(i + 1, i));
    expect(cardValues(row(many), undefined)).toHaveLength(CARD_POINTS);
  });
});

describe('lastUpdate', () => {
  it('is the newest reading, else the last online time', () => {
    expect(
      lastUpdate(row([dp(1, 1, '2026-01-01T00:00:05Z'), dp(2, 1, '2026-01-01T00:00:09Z'), dp(3, null)])),
    ).toBe('2026-01-01T00:00:09Z');
    expect(lastUpdate(row([dp(1, null)], '2025-12-31T00:00:00Z'))).toBe('2025-12-31T00:00:00Z');
    expect(lastUpdate(row([]))).toBeNull();
  });
});
