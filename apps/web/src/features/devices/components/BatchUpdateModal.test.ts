import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { batchUpdateOf } from './BatchUpdateModal';

describe('batch update body', () => {
  it('sends only the ticked fields, an empty select as null', () => {
    const values = { group_id: 3, project_id: 4, remark: '  north  ', model_id: undefined };
    expect(batchUpdateOf(values, new Set(['group_id', 'remark', 'model_id'] as const))).toEqual({
      group_id: 3,
      remark: 'north',
      model_id: null,
    });
  });

  it('turns the expiry into ISO text or null', () => {
    const at = dayjs('2027-01-02T03:04:05Z');
    expect(batchUpdateOf({ expire_at: at }, new Set(['expire_at'] as const))).toEqual({
      expire_at: '2027-01-02T03:04:05.000Z',
    });
    expect(batchUpdateOf({}, new Set(['expire_at'] as const))).toEqual({ expire_at: null });
  });
});
