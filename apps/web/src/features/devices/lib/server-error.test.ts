import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/api/errors';
import { fieldErrorOf } from './server-error';

describe('fieldErrorOf', () => {
  it('names the field of a 10002 answer', () => {
    expect(
      fieldErrorOf(new ApiError(10002, 'body.device_imei: 861234567890123 is already registered')),
    ).toEqual({
      field: 'device_imei',
      message: '861234567890123 is already registered',
    });
  });
  it('ignores other codes and messages without a field', () => {
    expect(fieldErrorOf(new ApiError(20000, 'body.x: y'))).toBeNull();
    expect(fieldErrorOf(new ApiError(10002, 'import: 1 of 2 rows failed'))).toBeNull();
    expect(fieldErrorOf(new Error('x'))).toBeNull();
  });
});
