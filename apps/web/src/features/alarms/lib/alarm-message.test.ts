import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../../shared/i18n';
import { type AlarmMessageFields, alarmMessage, alarmMessageKey, formatAlarmValue } from './alarm-message';

const row = (over: Partial<AlarmMessageFields>): AlarmMessageFields => ({
  alarm_type: 1,
  cause: 'limit',
  point_title: 'Temperature',
  point_name: 'temp',
  value: 85.5,
  threshold: '> 80',
  ...over,
});
const t = (key: string, params?: Record<string, unknown>) => i18n.t(key, params);

describe('alarm text built from type, cause, point, value and threshold', () => {
  beforeAll(() => i18n.changeLanguage('en'));
  afterAll(() => i18n.changeLanguage('zh'));

  it('over-limit: point, value and threshold', () => {
    expect(alarmMessage(row({}), t)).toBe('Temperature is 85.5, threshold > 80');
  });

  it('falls back to the point name, then to "the point"', () => {
    expect(alarmMessage(row({ point_title: '' }), t)).toBe('temp is 85.5, threshold > 80');
    expect(alarmMessage(row({ point_title: '', point_name: '' }), t)).toBe(
      'The point is 85.5, threshold > 80',
    );
  });

  it('leaves out what the row lacks instead of printing null', () => {
    expect(alarmMessage(row({ value: null }), t)).toBe('Temperature is beyond the threshold > 80');
    expect(alarmMessage(row({ threshold: ' ' }), t)).toBe('Temperature is 85.5');
  });

  it('fire codes name the translated alarm type', () => {
    expect(alarmMessage(row({ cause: 'code', alarm_type: 101, value: 101 }), t)).toBe(
      'Temperature reported: Real fire alarm',
    );
    expect(alarmMessage(row({ cause: 'code', alarm_type: 104 }), t)).toBe(
      'Temperature reported: High temperature',
    );
  });

  it('stale, offline and recovery rows', () => {
    expect(alarmMessage(row({ cause: 'stale', alarm_type: 4, value: null }), t)).toBe(
      'Temperature has stopped reporting',
    );
    expect(alarmMessage(row({ cause: 'offline', alarm_type: 4, point_title: '', point_name: '' }), t)).toBe(
      'The device stayed offline',
    );
    expect(alarmMessage(row({ cause: 'recovered', alarm_type: 3, value: 70 }), t)).toBe(
      'Temperature is back to normal (value 70)',
    );
    expect(alarmMessage(row({ cause: 'recovered', alarm_type: 3, value: null }), t)).toBe(
      'Temperature is back to normal',
    );
    expect(
      alarmMessage(
        row({ cause: 'recovered', alarm_type: 3, point_title: '', point_name: '', value: null }),
        t,
      ),
    ).toBe('The device recovered');
  });

  it('an unknown cause shows the type label, unknown types their code', () => {
    expect(alarmMessage(row({ cause: 'other', alarm_type: 2 }), t)).toBe('Change-of-state alarm');
    expect(alarmMessage(row({ cause: 'other', alarm_type: 777 }), t)).toBe('Alarm 777');
  });

  it('follows the screen language', async () => {
    await i18n.changeLanguage('zh');
    expect(alarmMessage(row({}), t)).toBe('Temperature 当前值 85.5，阈值 > 80');
    await i18n.changeLanguage('es');
    expect(alarmMessage(row({ cause: 'code', alarm_type: 103 }), t)).toBe(
      'Temperature informó: Batería baja',
    );
    await i18n.changeLanguage('en');
  });

  it('formats values: integers as they are, at most 4 decimals, nothing for null', () => {
    expect(formatAlarmValue(3)).toBe('3');
    expect(formatAlarmValue(1 / 3)).toBe('0.3333');
    expect(formatAlarmValue(null)).toBeNull();
    expect(formatAlarmValue(Number.NaN)).toBeNull();
    expect(alarmMessageKey(row({ value: 0 })).params.value).toBe('0');
  });
});
