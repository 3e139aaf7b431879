import { describe, expect, it } from 'vitest';
import { historyOverlap, newLink } from './batch-link.js';
import { emptyState, type HistoryRow } from './storage-decision.js';

const row = (pointId: number, ts: number): HistoryRow => ({ pointId, ts, value: 1, text: null });
const planned = (history: HistoryRow[]) => {
  const link = newLink();
  link.history = history;
  const states = new Map<number, ReturnType<typeof emptyState>>();
  for (const r of history) {
    const state = states.get(r.pointId) ?? emptyState(1);
    state.storedTs = Math.max(state.storedTs ?? r.ts, r.ts);
    states.set(r.pointId, state);
  }
  link.states = states;
  return link;
};

describe('historyOverlap: rows an uncommitted previous batch writes too', () => {
  it('finds the rows of the same point and ts, also late ones, and nothing else', () => {
    const previous = planned([row(1, 100), row(1, 50), row(2, 100)]);
    const rows = [row(1, 101), row(1, 100), row(1, 50), row(1, 60), row(2, 100), row(3, 100)];
    expect(historyOverlap(previous, rows)).toEqual([1, 2, 4]);
  });

  it('builds no key set when every row is newer than what the previous batch stored', () => {
    const previous = planned([row(1, 100), row(2, 100)]);
    expect(historyOverlap(previous, [row(1, 101), row(2, 200), row(3, 1)])).toEqual([]);
    expect(previous.keys).toBeNull();
  });
});
