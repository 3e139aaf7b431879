import type { ScreenStatusRow } from '@fleet/contracts';
import { describe, expect, it } from 'vitest';
import { mergeStatusRows } from './status-rows';

const row = (over: Partial<ScreenStatusRow> = {}): ScreenStatusRow => ({
  device_id: 1,
  title: 'Pump',
  status: 1,
  alarm_type: 0,
  last_seen: '2026-01-01T00:00:00.000Z',
  locked: false,
  values: [{ point_id: 10, name: 'temp', unit: '°C', value: 20, at: '2026-01-01T00:00:00.000Z' }, null],
  ...over,
});

describe('status table rows with live updates', () => {
  it('applies OL / AL status, newer LD values by point id and the newest reading as last seen', () => {
    const [merged] = mergeStatusRows(
      [row()],
      new Map([[1, { status: 1, alarmType: 2 }]]),
      new Map([
        [10, { value: 25, at: '2026-01-01T00:00:05.000Z' }],
        [99, { value: 1, at: '2026-01-01T00:00:05.000Z' }],
      ]),
      new Map([[1, '2026-01-01T00:00:05.000Z']]),
    );
    expect(merged).toMatchObject({ status: 1, alarm_type: 2, last_seen: '2026-01-01T00:00:05.000Z' });
    expect(merged!.values).toEqual([
      { point_id: 10, name: 'temp', unit: '°C', value: 25, at: '2026-01-01T00:00:05.000Z' },
      null,
    ]);
  });

  it('keeps a newer stored value over an older live one, and a locked device’s values hidden', () => {
    const old = new Map([[10, { value: 1, at: '2025-12-31T00:00:00.000Z' }]]);
    expect(mergeStatusRows([row()], new Map(), old, new Map())[0]!.values[0]!.value).toBe(20);
    const locked = row({ locked: true, last_seen: null, values: [null, null] });
    const [merged] = mergeStatusRows(
      [locked],
      new Map([[1, { status: 0 }]]),
      new Map([[10, { value: 5, at: '2026-02-01T00:00:00.000Z' }]]),
      new Map([[1, '2026-02-01T00:00:00.000Z']]),
    );
    expect(merged).toMatchObject({ status: 0, last_seen: null, values: [null, null] });
  });
});
