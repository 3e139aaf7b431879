import { describe, expect, it } from 'vitest';
import { parsePhone } from './phone.js';

describe('parsePhone', () => {
  it.each([
    ['13800138000', '+8613800138000'],
    ['138 0013 8000', '+8613800138000'],
    ['+8613800138000', '+8613800138000'],
    ['+86 199-0000-0000', '+8619900000000'],
    ['+85291234567', '+85291234567'],
    ['+14155552671', '+14155552671'],
  ])('%s -> %s', (input, e164) => {
    expect(parsePhone(input)?.e164).toBe(e164);
  });

  it.each([
    '',
    '12345',
    '12800138000',
    '0138001380000',
    '+8612345678901',
    '+0123456789',
    '+1234567',
    '+1234567890123456',
    '138001380001',
    'tel:13800138000',
  ])('refuses %j', (input) => {
    expect(parsePhone(input)).toBeNull();
  });

  it('splits mainland numbers', () => {
    expect(parsePhone('+8613800138000')).toEqual({
      countryCode: '86',
      national: '13800138000',
      e164: '+8613800138000',
    });
  });
});
