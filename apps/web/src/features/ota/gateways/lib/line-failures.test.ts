import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../shared/api/errors';
import { failureText, lineFailuresOf } from './line-failures';

describe('OTA line failures', () => {
  const lines = ['861234567890123', '12ab5', '', '861234567890123'];

  it('reads data.failed of a 10002 answer, and nothing else', () => {
    const failed = [
      { row: 2, value: '12ab5', reason: 'IMEI must be 6-20 digits', reason_key: 'ota.invalidImei' },
    ];
    expect(lineFailuresOf(new ApiError(10002, 'body.imeis: 1 of 3', { created: 0, failed }))).toEqual(failed);
    expect(lineFailuresOf(new ApiError(10002, 'body.imeis: no IMEI given', null))).toBeNull();
    expect(lineFailuresOf(new Error('x'))).toBeNull();
  });

  it('translates the reason and names the first line a repeat repeats', () => {
    const repeat = {
      row: 4,
      value: '861234567890123',
      reason: 'IMEI 861234567890123 repeats line 1 of the input',
      reason_key: 'ota.duplicateImei',
    };
    expect(failureText(repeat, 'zh', lines)).toBe('IMEI 861234567890123 在输入中重复(第 1 行)');
    expect(failureText(repeat, 'es', lines)).toBe('el IMEI 861234567890123 repite la línea 1 de la entrada');
    const bad = { row: 2, value: '12ab5', reason: 'IMEI must be 6-20 digits', reason_key: 'ota.invalidImei' };
    expect(failureText(bad, 'en', lines)).toBe('IMEI must be 6-20 digits');
  });

  it('keeps the server text for a key it does not know', () => {
    const odd = { row: 1, value: 'x', reason: 'something new', reason_key: 'ota.somethingNew' };
    expect(failureText(odd, 'zh', lines)).toBe('something new');
  });
});
