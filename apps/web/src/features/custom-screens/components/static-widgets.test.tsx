import type { ScreenWidget } from '@fleet/contracts';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../shared/i18n';
import { THEMES } from '../lib/document';
import { ClockWidget, ImageWidget, TextWidget } from './static-widgets';
import type { WidgetEnv } from './widget-frame';

const env = (timeZone: string | null): WidgetEnv => ({
  source: { kind: 'preview' },
  values: new Map(),
  theme: THEMES.dark,
  timeZone,
  live: false,
});
const frame = { x: 0, y: 0, w: 300, h: 100 };

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  vi.useRealTimers();
});

describe('text and clock widgets', () => {
  it('a text widget shows its words with its size, alignment and colour, on no panel', () => {
    const widget: Extract<ScreenWidget, { kind: 'text' }> = {
      id: 't1',
      kind: 'text',
      frame,
      title: '',
      color: '#ff0000',
      text: 'Line 1\nLine 2',
      fontSize: 32,
      align: 'center',
    };
    render(<TextWidget widget={widget} env={env(null)} />);
    const text = screen.getByTestId('cs-text-t1');
    expect(text.textContent).toBe('Line 1\nLine 2');
    expect(text.style.fontSize).toBe('32px');
    expect(text.style.textAlign).toBe('center');
    expect(text.style.color).toBe('rgb(255, 0, 0)');
    expect(screen.getByTestId('cs-widget-t1').style.background).toBe('transparent');
  });

  it('a clock shows the screen’s time zone and ticks on every second', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date(Date.UTC(2026, 2, 4, 5, 6, 7, 500)));
    const widget: Extract<ScreenWidget, { kind: 'clock' }> = {
      id: 'c1',
      kind: 'clock',
      frame,
      title: '',
      show: 'time',
      seconds: true,
      fontSize: 40,
    };
    const { unmount } = render(<ClockWidget widget={widget} env={env('Asia/Shanghai')} />);
    expect(screen.getByTestId('cs-clock-c1').textContent).toBe('13:06:07');
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(screen.getByTestId('cs-clock-c1').textContent).toBe('13:06:08');
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(screen.getByTestId('cs-clock-c1').textContent).toBe('13:06:10');
    unmount();
    // Unmounted: no timer left behind.
    expect(vi.getTimerCount()).toBe(0);
  });

  it('an image widget fits its upload into the frame; without one it says so', async () => {
    const widget: Extract<ScreenWidget, { kind: 'image' }> = {
      id: 'i1',
      kind: 'image',
      frame,
      title: 'Plan',
      src: '/upload/graphlib/abc.png',
      fit: 'stretch',
    };
    const { rerender } = render(<ImageWidget widget={widget} env={env(null)} />);
    const img = screen.getByTestId('cs-image-i1') as HTMLImageElement;
    expect(img.getAttribute('src')).toBe('/upload/graphlib/abc.png');
    expect(img.style.objectFit).toBe('fill');
    rerender(<ImageWidget widget={{ ...widget, fit: 'cover' }} env={env(null)} />);
    expect((screen.getByTestId('cs-image-i1') as HTMLImageElement).style.objectFit).toBe('cover');
    rerender(<ImageWidget widget={{ ...widget, src: null }} env={env(null)} />);
    expect(screen.queryByTestId('cs-image-i1')).toBeNull();
    expect(screen.getByTestId('cs-widget-i1').textContent).toContain('No image chosen');
  });
});
