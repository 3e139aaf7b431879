import { describe, expect, it } from 'vitest';
import { decideFormat, exportFileName, progressOf } from './export-job.js';
import { csvField, csvLine } from './export-writer.js';

describe('decideFormat', () => {
  it('keeps an explicit csv, refuses xlsx above 1,000,000 rows and picks by size for auto', () => {
    expect(decideFormat('csv', 9_000_000)).toBe('csv');
    expect(decideFormat('xlsx', 1_000_000)).toBe('xlsx');
    expect(() => decideFormat('xlsx', 1_000_001)).toThrow(
      /1,000,001 rows: an xlsx file holds at most 1,000,000 rows, choose csv/,
    );
    expect(() => decideFormat('xlsx', 5_000_001)).toThrow(/more than 5,000,000 rows/);
    expect(decideFormat('auto', 200_000)).toBe('xlsx');
    expect(decideFormat('auto', 200_001)).toBe('csv');
  });
});

describe('exportFileName', () => {
  it('is <title>-<yyyyMMdd-HHmm>.<ext> in the zone, without unsafe characters', () => {
    const at = new Date('2026-03-01T23:59:30Z');
    expect(exportFileName({ kind: 'history', title: '', lang: 'en' }, at, 'Asia/Shanghai', 'csv')).toBe(
      'History-20260302-0759.csv',
    );
    expect(exportFileName({ kind: 'report', title: 'Daily a/b:c', lang: 'zh' }, at, 'UTC', 'xlsx')).toBe(
      'Daily a_b_c-20260301-2359.xlsx',
    );
  });
});

describe('progressOf', () => {
  it('stays within 0-99 while writing', () => {
    expect(progressOf(0, 0)).toBe(0);
    expect(progressOf(1, 3)).toBe(33);
    expect(progressOf(5, 3)).toBe(99);
  });
});

describe('csv fields', () => {
  it('quotes commas, quotes and line breaks; leaves numbers and plain text', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvField(-1.5)).toBe('-1.5');
    expect(csvField('-1.5')).toBe('-1.5');
    expect(csvField(null)).toBe('');
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('=1+1,2')).toBe(`"'=1+1,2"`);
    expect(csvLine(['a', 1, null])).toBe('a,1,\r\n');
  });
});
