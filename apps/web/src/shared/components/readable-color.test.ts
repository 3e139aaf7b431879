import { describe, expect, it } from 'vitest';
import { contrast, readableTextOn } from './readable-color';

const rgb = (hex: string) =>
  [0, 2, 4].map((i) => Number.parseInt(hex.slice(1 + i, 3 + i), 16)) as [number, number, number];
const tint = (hex: string) => rgb(hex).map((c) => 255 * 0.9 + c * 0.1) as [number, number, number];

describe('readableTextOn', () => {
  it('darkens the alarm level colours until they read at 4.5:1 on their tag tint', () => {
    for (const colour of ['#1677ff', '#faad14', '#fa8c16', '#f5222d', '#52c41a', '#ff0']) {
      const text = readableTextOn(colour);
      expect(text, colour).toMatch(/^#[0-9a-f]{6}$/);
      expect(
        contrast(rgb(text ?? ''), tint(colour.length === 4 ? '#ffff00' : colour)),
      ).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('leaves readable colours, preset names and nothing alone', () => {
    expect(readableTextOn('#10239e')).toBeNull();
    expect(readableTextOn('success')).toBeNull();
    expect(readableTextOn(undefined)).toBeNull();
  });
});
