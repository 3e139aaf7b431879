import { describe, expect, it } from 'vitest';
import { alarmTagColour, deviceStatusTag } from './alarm.js';
import { deviceClassOf } from './device.js';
import { parseThreshold, thresholdText, translateValue } from './display.js';

describe('translateValue (SPEC 4)', () => {
  const items = [
    { range: { lolmt: 0, uplmt: 0 }, text: 'stopped' },
    { range: { lolmt: 1, uplmt: 10 }, text: 'low' },
    { range: { lolmt: 5, uplmt: 20 }, text: 'overlap' },
  ];
  it('matches an equal range exactly', () => {
    expect(translateValue(0, items)).toBe('stopped');
  });
  it('includes the lower limit and excludes the upper', () => {
    expect(translateValue(1, items)).toBe('low');
    expect(translateValue(9.99, items)).toBe('low');
    expect(translateValue(10, items)).toBe('overlap');
  });
  it('takes the first matching range', () => {
    expect(translateValue(6, items)).toBe('low');
  });
  it('answers null when nothing matches or there is no value', () => {
    expect(translateValue(25, items)).toBeNull();
    expect(translateValue(null, items)).toBeNull();
    expect(translateValue(3, undefined)).toBeNull();
  });
});

describe('thresholdText (SPEC 4)', () => {
  it('shows the operator and limit for types 1 to 5', () => {
    expect(thresholdText(1, { uplmt: 80 })).toBe('> 80');
    expect(thresholdText(2, '{"uplmt":80}')).toBe('>= 80');
    expect(thresholdText(3, { lolmt: 5 })).toBe('< 5');
    expect(thresholdText(4, { lolmt: 5 })).toBe('<= 5');
    expect(thresholdText(5, { lolmt: 1, uplmt: 1 })).toBe('= 1');
  });
  it('shows lower ~ upper for range types and nothing when a limit is missing', () => {
    expect(thresholdText(6, { lolmt: 10, uplmt: 20 })).toBe('10 ~ 20');
    expect(thresholdText(7, '{"lolmt":-5,"uplmt":5}')).toBe('-5 ~ 5');
    expect(thresholdText(6, { lolmt: 10 })).toBe('');
    expect(thresholdText(7, { uplmt: 5 })).toBe('');
  });
  it('tolerates bad input', () => {
    expect(thresholdText(1, 'not json')).toBe('');
    expect(thresholdText(99, { uplmt: 1 })).toBe('');
    expect(parseThreshold({ lolmt: '3', uplmt: '' })).toEqual({ lolmt: 3, uplmt: null });
  });
});

describe('alarm tags and device status (SPEC 4)', () => {
  it('colours alarm types as SPEC 4 lists', () => {
    expect([0, 3].map(alarmTagColour)).toEqual(['success', 'success']);
    expect([1, 101].map(alarmTagColour)).toEqual(['danger', 'danger']);
    expect(alarmTagColour(2)).toBe('info');
    expect([4, 102, 105, 108].map(alarmTagColour)).toEqual(['warning', 'warning', 'warning', 'warning']);
  });
  it('derives the device status tag', () => {
    expect(deviceStatusTag(0, 1)).toEqual({ kind: 'offline' });
    expect(deviceStatusTag(1, 0)).toEqual({ kind: 'normal' });
    expect(deviceStatusTag(1, 104)).toEqual({ kind: 'alarm', alarmType: 104 });
  });
});

describe('deviceClassOf (SPEC 3)', () => {
  it('maps transparent protocols to DT and everything else to DTUGW', () => {
    expect(['TCP', 'MQTT', 'UDP', 'HTTP', 'CM-NBIOT', 'CT-NBIOT'].map(deviceClassOf)).toEqual(
      Array(6).fill('DT'),
    );
    expect(['Modbus_RTU', 'S7-1200', 'IEC104', 'something-new'].map(deviceClassOf)).toEqual(
      Array(4).fill('DTUGW'),
    );
  });
});
