import { describe, expect, it } from 'vitest';
import { canvasTransform, isScaleMode } from './scale';

describe('canvasTransform', () => {
  it('fit: the whole canvas shows, letterboxed on the longer side', () => {
    expect(canvasTransform('fit', 1920, 1080)).toEqual({ scale: 1, left: 0, top: 0 });
    expect(canvasTransform('fit', 1280, 1024)).toEqual({
      scale: 1280 / 1920,
      left: 0,
      top: (1024 - 720) / 2,
    });
    // A 4K wall doubles it; an ultra-wide display centres it horizontally.
    expect(canvasTransform('fit', 3840, 2160).scale).toBe(2);
    expect(canvasTransform('fit', 3440, 1080)).toEqual({ scale: 1, left: (3440 - 1920) / 2, top: 0 });
  });

  it('width and height fill one side, whatever the other', () => {
    expect(canvasTransform('width', 960, 1000)).toEqual({ scale: 0.5, left: 0, top: (1000 - 540) / 2 });
    const tall = canvasTransform('width', 960, 300);
    expect(tall.scale).toBe(0.5);
    expect(tall.top).toBe(0); // taller than the display: it scrolls, never a negative offset
    expect(canvasTransform('height', 3000, 540)).toEqual({ scale: 0.5, left: (3000 - 960) / 2, top: 0 });
  });

  it('none: real pixels', () => {
    expect(canvasTransform('none', 800, 600)).toEqual({ scale: 1, left: 0, top: 0 });
  });

  it('falls back to 1 before the display has a size', () => {
    expect(canvasTransform('fit', 0, 0).scale).toBe(1);
  });

  it('knows its modes', () => {
    expect(isScaleMode('fit')).toBe(true);
    expect(isScaleMode('stretch')).toBe(false);
  });
});
