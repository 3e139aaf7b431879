import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Handler = (event: unknown) => void;
const handlers = new Map<string, Handler>();
const chart = {
  setOption: vi.fn(),
  resize: vi.fn(),
  dispose: vi.fn(),
  on: vi.fn((name: string, handler: Handler) => handlers.set(name, handler)),
};
vi.mock('echarts/core', async (importOriginal) => ({
  ...(await importOriginal<typeof import('echarts/core')>()),
  init: () => chart,
}));

const { ZOOM_DEBOUNCE_MS, ZoomableChart } = await import('./ZoomableChart');

describe('ZoomableChart', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.clearAllMocks();
    handlers.clear();
  });
  afterEach(() => vi.useRealTimers());

  it('reports only the last zoom once the zooming rests', () => {
    const onZoom = vi.fn();
    render(<ZoomableChart option={{}} onZoom={onZoom} height={100} />);
    const zoom = handlers.get('datazoom');
    act(() => {
      zoom?.({ start: 10, end: 90 });
      vi.advanceTimersByTime(ZOOM_DEBOUNCE_MS - 50);
      zoom?.({ start: 20, end: 80 });
      vi.advanceTimersByTime(ZOOM_DEBOUNCE_MS - 50);
    });
    expect(onZoom).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(50));
    expect(onZoom).toHaveBeenCalledTimes(1);
    expect(onZoom).toHaveBeenCalledWith({ start: 20, end: 80 });
  });

  it('replaces series and y axes on a new option without resetting the rest, and disposes on unmount', () => {
    const { rerender, unmount } = render(<ZoomableChart option={{ a: 1 }} onZoom={() => {}} height={100} />);
    const next = { series: [] };
    rerender(<ZoomableChart option={next} onZoom={() => {}} height={100} />);
    expect(chart.setOption).toHaveBeenLastCalledWith(next, { replaceMerge: ['series', 'yAxis'] });
    unmount();
    expect(chart.dispose).toHaveBeenCalledTimes(1);
  });
});
