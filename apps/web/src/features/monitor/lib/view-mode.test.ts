import { describe, expect, it } from 'vitest';
import { readViewMode, VIEW_MODE_KEY, writeViewMode } from './view-mode';

describe('view mode', () => {
  it('round-trips through storage and defaults to the list', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    };
    expect(readViewMode(storage)).toBe('list');
    writeViewMode(storage, 'map');
    expect(store.get(VIEW_MODE_KEY)).toBe('map');
    expect(readViewMode(storage)).toBe('map');
    store.set(VIEW_MODE_KEY, 'junk');
    expect(readViewMode(storage)).toBe('list');
  });
  it('survives a storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('full');
      },
    };
    expect(readViewMode(broken)).toBe('list');
    expect(() => writeViewMode(broken, 'map')).not.toThrow();
  });
});
