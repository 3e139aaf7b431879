import { describe, expect, it } from 'vitest';
import { exportBody, toExportParams } from './export-params';

describe('export params', () => {
  it('keeps the filter as strings and drops paging and empty values', () => {
    expect(
      toExportParams({
        page: 2,
        limit: 50,
        search: '',
        level: 4,
        open: 'true',
        group_id: undefined,
        status: null,
        point_ids: [3, 5],
      }),
    ).toEqual({ level: '4', open: 'true', point_ids: '3,5' });
  });

  it('builds the POST body with format auto, the language and the zone', () => {
    expect(exportBody('alarmlog', { level: '4', page: '1' }, 'es', 'Europe/Madrid')).toEqual({
      kind: 'alarmlog',
      params: { level: '4' },
      format: 'auto',
      lang: 'es',
      tz: 'Europe/Madrid',
    });
  });
});
