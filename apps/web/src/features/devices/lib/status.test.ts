import { describe, expect, it } from 'vitest';
import { statusQueryOf, statusTagView } from './status';

describe('statusTagView (SPEC 4)', () => {
  it('shows grey offline whenever status is 0, whatever the alarm', () => {
    expect(statusTagView(0, 0)).toEqual({ key: 'devices.status.offline', color: 'default' });
    expect(statusTagView(0, 101).key).toBe('devices.status.offline');
  });
  it('shows normal when online without alarm', () => {
    expect(statusTagView(1, 0)).toEqual({ key: 'devices.status.normal', color: 'success' });
    expect(statusTagView(1, null).key).toBe('devices.status.normal');
  });
  it('shows the alarm label with the SPEC 4 colour', () => {
    expect(statusTagView(1, 1)).toEqual({ key: 'devices.alarmType.1', color: 'error' });
    expect(statusTagView(1, 101).color).toBe('error');
    expect(statusTagView(1, 2)).toEqual({ key: 'devices.alarmType.2', color: 'processing' });
    expect(statusTagView(1, 4).color).toBe('warning');
    expect(statusTagView(1, 108)).toEqual({ key: 'devices.alarmType.108', color: 'warning' });
    expect(statusTagView(1, 3).color).toBe('success');
    expect(statusTagView(1, 55)).toEqual({
      key: 'devices.alarmType.other',
      params: { code: 55 },
      color: 'warning',
    });
  });
  it('maps the status filter', () => {
    expect(statusQueryOf('all')).toBeUndefined();
    expect(statusQueryOf('normal')).toBe(1);
    expect(statusQueryOf('offline')).toBe(0);
    expect(statusQueryOf('alarm')).toBe(2);
  });
});
