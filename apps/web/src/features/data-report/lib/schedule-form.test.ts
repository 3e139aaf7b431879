import type { ContactRow, ReportScheduleRow } from '@fleet/contracts';
import { describe, expect, it } from 'vitest';
import { emptyScheduleForm, mailableContacts, scheduleBody, scheduleFormOf } from './schedule-form';

const scheduleRow: ReportScheduleRow = {
  id: 4,
  name: 'Daily energy',
  period: 'week',
  device_id: null,
  group_id: 9,
  subject_title: 'Plant A',
  point_names: ['energy'],
  send_at_minute: 450,
  tz: 'Europe/Madrid',
  lang: 'es',
  contact_ids: [1, 2],
  enabled: false,
  next_run_at: '2026-11-23T06:30:00.000Z',
  last_run_at: null,
  last_export_id: null,
  last_error: '',
  created_at: '2026-11-01T00:00:00.000Z',
};

describe('schedule form', () => {
  it('reads a row into the form and back into the same body', () => {
    const values = scheduleFormOf(scheduleRow);
    expect(values).toMatchObject({ subject_kind: 'group', group_id: 9, send_at: '07:30', lang: 'es' });
    expect(scheduleBody(values, 'Europe/Madrid')).toEqual({
      name: 'Daily energy',
      period: 'week',
      device_id: null,
      group_id: 9,
      point_names: ['energy'],
      send_at_minute: 450,
      tz: 'Europe/Madrid',
      lang: 'es',
      contact_ids: [1, 2],
      enabled: false,
    });
  });

  it('sends only the chosen kind of subject, trimmed and deduplicated names', () => {
    const body = scheduleBody(
      {
        ...emptyScheduleForm('en'),
        name: '  Weekly ',
        device_id: 3,
        group_id: 9,
        point_names: ['a', ' a', 'b'],
        send_at: '23:15',
        contact_ids: [5],
      },
      'UTC',
    );
    expect(body).toMatchObject({ name: 'Weekly', device_id: 3, group_id: null, point_names: ['a', 'b'] });
    expect(body.send_at_minute).toBe(23 * 60 + 15);
    expect(body.lang).toBe('en');
  });

  it('offers only contacts with an e-mail address', () => {
    const c = (id: number, email: string) => ({ id, email }) as ContactRow;
    expect(mailableContacts([c(1, 'a@b.c'), c(2, ''), c(3, '  ')]).map((x) => x.id)).toEqual([1]);
  });
});
