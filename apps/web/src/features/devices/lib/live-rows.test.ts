import { type DataPointRow, type LastPoint, POINT_DEFAULTS } from '@fleet/contracts';
import { describe, expect, it } from 'vitest';
import { filterBySlave, liveRows, mergeLiveReadings, nothingReported } from './live-rows';

const point = (id: number, over: Partial<DataPointRow> = {}): DataPointRow => ({
  ...POINT_DEFAULTS,
  id,
  device_id: 1,
  name: `p${id}`,
  title: `Point ${id}`,
  ...over,
});
const latest = (p: DataPointRow, value: number | null, at: string | null): LastPoint => ({
  point_id: p.id,
  name: p.name,
  title: p.title,
  slave_id: p.slave_id,
  unit: p.unit,
  decimals: p.decimals,
  access: p.access,
  type: p.type,
  value,
  at,
});

describe('liveRows', () => {
  it('joins the latest values with their points, then adds writable points the server left out', () => {
    const a = point(1);
    const b = point(2, { access: 'readwrite', collect_mode: 0, type: 1 });
    const c = point(3, { collect_mode: 0 });
    const rows = liveRows([latest(a, 5, '2026-01-01T00:00:00Z')], [a, b, c]);
    expect(rows.map((r) => [r.point_id, r.value, r.point?.id])).toEqual([
      [1, 5, 1],
      [2, null, 2],
    ]);
  });
  it('keeps a latest value whose point is not in the list', () => {
    const a = point(1);
    expect(liveRows([latest(a, 1, null)], [])[0]?.point).toBeUndefined();
  });
  it('filters by slave and tells when nothing reported', () => {
    const rows = [point(1), point(2, { slave_id: 3 }), point(3, { slave_id: 4 })];
    expect(filterBySlave(rows, 'all')).toHaveLength(3);
    expect(filterBySlave(rows, 'device').map((r) => r.id)).toEqual([1]);
    expect(filterBySlave(rows, '3').map((r) => r.id)).toEqual([2]);
    expect(nothingReported([latest(rows[0] as DataPointRow, null, null)])).toBe(true);
    expect(nothingReported([latest(rows[0] as DataPointRow, 1, '2026-01-01T00:00:00Z')])).toBe(false);
  });
});

describe('mergeLiveReadings', () => {
  const a = point(1);
  const b = point(2);
  const rows = [latest(a, 1, '2026-11-22T10:00:00.000Z'), latest(b, 2, null)];
  const reading = (id: number, value: number, at: string) => ({
    point_id: id,
    name: `p${id}`,
    slave_id: null,
    value,
    at,
  });

  it('puts pushed values in place, the newest reading of a point winning', () => {
    const merged = mergeLiveReadings(rows, [
      reading(1, 5, '2026-11-22T10:00:02.000Z'),
      reading(1, 4, '2026-11-22T10:00:01.000Z'),
      reading(2, 7, '2026-11-22T10:00:01.000Z'),
    ]);
    expect(merged.map((r) => [r.value, r.at])).toEqual([
      [5, '2026-11-22T10:00:02.000Z'],
      [7, '2026-11-22T10:00:01.000Z'],
    ]);
  });

  it('never replaces a newer value with an older push, and ignores unknown points', () => {
    const merged = mergeLiveReadings(rows, [
      reading(1, 0, '2026-11-22T09:59:59.000Z'),
      reading(9, 1, '2026-11-22T11:00:00.000Z'),
    ]);
    expect(merged).toEqual(rows);
  });
});
