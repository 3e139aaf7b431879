import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const chart = { setOption: vi.fn(), resize: vi.fn(), dispose: vi.fn() };
const init = vi.fn((_element: HTMLElement) => chart);
vi.mock('echarts/core', async (importOriginal) => ({
  ...(await importOriginal<typeof import('echarts/core')>()),
  init: (element: HTMLElement) => init(element),
}));

const { EChart } = await import('./EChart');

let observed: { callback: () => void; targets: Element[]; disconnected: boolean }[] = [];
const RealObserver = globalThis.ResizeObserver;

beforeEach(() => {
  observed = [];
  vi.clearAllMocks();
  globalThis.ResizeObserver = class {
    entry: { callback: () => void; targets: Element[]; disconnected: boolean };
    constructor(callback: () => void) {
      this.entry = { callback, targets: [], disconnected: false };
      observed.push(this.entry);
    }
    observe(target: Element) {
      this.entry.targets.push(target);
    }
    unobserve() {}
    disconnect() {
      this.entry.disconnected = true;
    }
  } as unknown as typeof ResizeObserver;
});
afterEach(() => {
  globalThis.ResizeObserver = RealObserver;
});

describe('EChart', () => {
  it('mounts a chart on its container and applies the option', () => {
    const option = { series: [{ type: 'line', data: [1, 2] }] };
    const { getByTestId } = render(<EChart option={option} height={120} testId="chart" ariaLabel="trend" />);
    const element = getByTestId('chart');
    expect(init).toHaveBeenCalledWith(element);
    expect(element.style.height).toBe('120px');
    expect(element.getAttribute('aria-label')).toBe('trend');
    expect(chart.setOption).toHaveBeenCalledWith(option, { notMerge: true });
  });

  it('resizes with its container', () => {
    const { getByTestId } = render(<EChart option={{}} testId="chart" />);
    expect(observed).toHaveLength(1);
    expect(observed[0]?.targets).toEqual([getByTestId('chart')]);
    observed[0]?.callback();
    expect(chart.resize).toHaveBeenCalledTimes(1);
  });

  it('applies a new option to the same chart, and disposes of it on unmount', () => {
    const { rerender, unmount } = render(<EChart option={{ series: [] }} />);
    const next = { series: [{ type: 'bar', data: [3] }] };
    rerender(<EChart option={next} />);
    expect(init).toHaveBeenCalledTimes(1);
    expect(chart.setOption).toHaveBeenLastCalledWith(next, { notMerge: true });
    unmount();
    expect(chart.dispose).toHaveBeenCalledTimes(1);
    expect(observed[0]?.disconnected).toBe(true);
  });
});
