import type { FormInstance } from 'antd';
import { describe, expect, it } from 'vitest';
import { matchesField } from './matches-field';

function check(fields: Record<string, string>, value: string | undefined) {
  const rule = matchesField('password', 'mismatch');
  const form = { getFieldValue: (name: string) => fields[name] } as unknown as FormInstance;
  const resolved = typeof rule === 'function' ? rule(form) : rule;
  return resolved.validator!({} as never, value, () => {});
}

describe('matchesField', () => {
  it('accepts an equal value and leaves an empty one to the required rule', async () => {
    await expect(check({ password: 'abc123' }, 'abc123')).resolves.toBeUndefined();
    await expect(check({ password: 'abc123' }, undefined)).resolves.toBeUndefined();
  });
  it('refuses a different value with the message', async () => {
    await expect(check({ password: 'abc123' }, 'abc124')).rejects.toThrow('mismatch');
  });
});
