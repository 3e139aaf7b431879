import type { CSSProperties } from 'react';

type Rgb = [number, number, number];

function parseHex(color: string): Rgb | null {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  const digits = m?.[1];
  if (!digits) return null;
  const hex = digits.length === 3 ? [...digits].map((c) => c + c).join('') : digits;
  return [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as Rgb;
}

function luminance([r, g, b]: Rgb): number {
  const f = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
}

export function contrast(a: Rgb, b: Rgb): number {
  const la = luminance(a);
  const lb = luminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

const toHex = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/**
 * The text colour for a tag of a custom colour (alarm levels are admin-chosen hex colours): Ant
 * Design writes the colour itself on a 10 % tint of it, often under 2:1 for yellows and oranges.
 * Answers the same hue darkened just enough for WCAG AA (4.5:1) on that tint; null for a colour that
 * is not a hex (preset names are handled in global.css) or already readable.
 */
export function readableTextOn(color: string | undefined): string | null {
  const rgb = color ? parseHex(color) : null;
  if (!rgb) return null;
  const tint = rgb.map((c) => 255 * 0.9 + c * 0.1) as Rgb;
  let text = rgb;
  for (let i = 0; i < 40 && contrast(text, tint) < 4.6; i++) text = text.map((c) => c * 0.92) as Rgb;
  return text === rgb ? null : toHex(text);
}

/** Style for `<Tag color={color} style={readableTagStyle(color)}>` (undefined when nothing changes). */
export function readableTagStyle(color: string | undefined): CSSProperties | undefined {
  const text = readableTextOn(color);
  return text ? { color: text } : undefined;
}
