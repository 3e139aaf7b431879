import type { DataPointRow, DataStream } from '@fleet/contracts';
import { describe, expect, it } from 'vitest';
import { defaultPointIds, type PointMeta, pointMetas, validPointIds, valueView } from './point-meta';

const stream = (id: number, over: Partial<DataStream> = {}): DataStream => ({
  point_id: id,
  name: `p${id}`,
  title: '',
  slave_id: null,
  unit: '',
  data_type: 'float',
  storage_mode: 1,
  value: null,
  at: null,
  stored_count: 5,
  ...over,
});

describe('point metas', () => {
  it('joins translations and decimals from the point configuration', () => {
    const config = [
      { id: 2, decimals: 2, ds_config: { translate: [{ range: { lolmt: 0, uplmt: 0 }, text: 'Off' }] } },
    ] as unknown as DataPointRow[];
    const [a, b] = pointMetas([stream(1), stream(2)], config);
    expect(a).toMatchObject({ decimals: null, translate: [] });
    expect(b).toMatchObject({ decimals: 2, translate: [{ text: 'Off' }] });
  });

  it('defaults to stored numeric points, those with history first, at most four', () => {
    const metas = pointMetas(
      [
        stream(1, { storage_mode: 0 }),
        stream(2, { data_type: 'string' }),
        stream(3, { stored_count: 0 }),
        stream(4),
        stream(5),
        stream(6),
        stream(7),
      ],
      undefined,
    );
    expect(defaultPointIds(metas)).toEqual([4, 5, 6, 7]);
    expect(defaultPointIds(metas.slice(0, 4))).toEqual([4, 3]);
  });

  it('keeps only ids of the device, without repeats, at most 20', () => {
    const metas = pointMetas(
      Array.from({ length: 25 }, (_, i) => stream(i + 1)),
      undefined,
    );
    expect(validPointIds([3, 99, 3, 1], metas)).toEqual([3, 1]);
    expect(
      validPointIds(
        Array.from({ length: 25 }, (_, i) => i + 1),
        metas,
      ),
    ).toHaveLength(20);
  });
});

describe('valueView', () => {
  const meta: Pick<PointMeta, 'translate' | 'decimals'> = {
    decimals: 1,
    translate: [{ range: { lolmt: 1, uplmt: 1 }, text: 'Running' }],
  };
  it('translates matching values and keeps the raw number', () => {
    expect(valueView(1, meta)).toEqual({ text: 'Running', raw: '1.0', translated: true });
    expect(valueView(2.25, meta)).toEqual({ text: '2.3', raw: null, translated: false });
    expect(valueView('text', meta)).toEqual({ text: 'text', raw: null, translated: false });
    expect(valueView(null, meta)).toBeNull();
  });
  it('trims float noise when decimals are unknown', () => {
    expect(valueView(0.1 + 0.2, undefined)?.text).toBe('0.3');
  });
});
