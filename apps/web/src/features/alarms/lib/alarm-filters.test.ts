import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { alarmExportQuery, alarmLogQuery, EMPTY_ALARM_FILTERS, isFiltered } from './alarm-filters';
import { onOfflineQuery } from './onoffline-filters';

describe('alarm log filters -> GET /event/alarmlog query', () => {
  const range: [dayjs.Dayjs, dayjs.Dayjs] = [dayjs('2026-03-01T00:00:00Z'), dayjs('2026-03-02T00:00:00Z')];

  it('no filter sends only paging', () => {
    expect(alarmLogQuery(EMPTY_ALARM_FILTERS, '  ', { page: 1, limit: 20 })).toEqual({ page: 1, limit: 20 });
    expect(isFiltered(EMPTY_ALARM_FILTERS, ' ')).toBe(false);
  });

  it('maps every filter to its contract field', () => {
    const q = alarmLogQuery({ range, level: 3, alarmType: 101, status: 0, openOnly: true }, ' pump ', {
      page: 2,
      limit: 50,
    });
    expect(q).toEqual({
      page: 2,
      limit: 50,
      starttime: '2026-03-01T00:00:00.000Z',
      endtime: '2026-03-02T00:00:00.000Z',
      search: 'pump',
      level: 3,
      alarm_type: 101,
      status: 0,
      open: 'true',
    });
  });

  it('status 0 (unhandled) is a filter, "open only" off sends nothing', () => {
    const q = alarmLogQuery({ ...EMPTY_ALARM_FILTERS, status: 0 }, '', { page: 1, limit: 20 });
    expect(q.status).toBe(0);
    expect(q).not.toHaveProperty('open');
    expect(isFiltered({ ...EMPTY_ALARM_FILTERS, status: 0 }, '')).toBe(true);
  });

  it('the export sends the same filter without paging, plus the language and the time zone', () => {
    const q = alarmExportQuery({ ...EMPTY_ALARM_FILTERS, range, level: 2 }, 'x', 'es', 'Europe/Madrid');
    expect(q).toEqual({
      starttime: '2026-03-01T00:00:00.000Z',
      endtime: '2026-03-02T00:00:00.000Z',
      search: 'x',
      level: 2,
      lang: 'es',
      tz: 'Europe/Madrid',
    });
    expect(alarmExportQuery(EMPTY_ALARM_FILTERS, '', 'zh').tz).toBe(
      Intl.DateTimeFormat().resolvedOptions().timeZone,
    );
  });
});

describe('online/offline filters -> GET /device/onofflinelog query', () => {
  it('maps the state to 1 / 0 and drops "all"', () => {
    const paging = { page: 1, limit: 20 };
    expect(onOfflineQuery({ range: null, status: 'all' }, '', paging)).toEqual(paging);
    expect(onOfflineQuery({ range: null, status: 'online' }, ' 860 ', paging)).toEqual({
      ...paging,
      status: 1,
      search: '860',
    });
    expect(onOfflineQuery({ range: null, status: 'offline' }, '', paging).status).toBe(0);
  });
});
