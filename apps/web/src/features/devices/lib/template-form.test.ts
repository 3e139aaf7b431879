import { describe, expect, it } from 'vitest';
import { nextSlaveId, templateContentProblem } from './template-form';

describe('template editor checks', () => {
  it('gives the lowest free slave address', () => {
    expect(nextSlaveId([])).toBe(1);
    expect(
      nextSlaveId([
        { name: 'a', slave_id: 1 },
        { name: 'b', slave_id: 3 },
      ]),
    ).toBe(2);
  });

  it('names a repeated slave address and a missing name', () => {
    expect(
      templateContentProblem([
        { name: 'a', slave_id: 2 },
        { name: 'b', slave_id: 2 },
      ]),
    ).toEqual({ key: 'slaveIdTaken', values: { id: 2 } });
    expect(templateContentProblem([{ name: ' ', slave_id: 1 }])).toEqual({
      key: 'slaveNameRequired',
      values: {},
    });
    expect(templateContentProblem([{ name: 'meter', slave_id: 1 }])).toBeNull();
  });
});
