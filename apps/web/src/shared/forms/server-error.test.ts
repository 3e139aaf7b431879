import type { FormInstance } from 'antd';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors';
import { fieldErrorOf, showSaveError } from './server-error';

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

describe('showSaveError', () => {
  const formDouble = () => {
    const placed: unknown[] = [];
    return {
      placed,
      form: { setFields: (fields: unknown[]) => placed.push(...fields) } as unknown as FormInstance,
    };
  };

  it('puts a 10002 under a field the form has', () => {
    const { placed, form } = formDouble();
    showSaveError(form, new ApiError(10002, 'body.name: x already exists'), ['name', 'remark']);
    expect(placed).toEqual([{ name: 'name', errors: ['x already exists'] }]);
  });

  it('leaves the form alone when the field is not one of its own (the error is toasted instead)', () => {
    const { placed, form } = formDouble();
    showSaveError(form, new ApiError(10002, 'body.owner_id: not yours'), (field) => field === 'name');
    showSaveError(form, new ApiError(20000, 'limit reached'), ['name']);
    expect(placed).toEqual([]);
  });
});
