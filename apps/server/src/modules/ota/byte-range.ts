/**
 * One HTTP byte range (RFC 9110 14.1.2) of a body of `size` bytes: what a gateway sends to resume a
 * download. Several ranges in one request are answered whole (200), which RFC 9110 allows; a range
 * that starts past the end is unsatisfiable (416).
 */
export type RangeAnswer =
  | { kind: 'whole' }
  | { kind: 'part'; start: number; end: number }
  | { kind: 'unsatisfiable' };

export function byteRange(header: string | undefined, size: number): RangeAnswer {
  if (header === undefined) return { kind: 'whole' };
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return { kind: 'whole' };
  let start: number;
  let end: number;
  if (match[1] === '') {
    // A suffix: the last N bytes.
    const suffix = Number(match[2]);
    if (suffix === 0) return { kind: 'unsatisfiable' };
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
    if (end < start && match[2] !== '') return { kind: 'whole' };
  }
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'part', start, end };
}
