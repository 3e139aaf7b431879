import { describe, expect, it } from 'vitest';
import { deviceTopic, mayPublish, maySubscribe, parseTopic } from './topics.js';

const IMEI = '866123456789012';

describe('device topics', () => {
  it('builds and parses d/{imei}/{up|down|ack}', () => {
    expect(deviceTopic(IMEI, 'up')).toBe(`d/${IMEI}/up`);
    for (const kind of ['up', 'down', 'ack'] as const)
      expect(parseTopic(deviceTopic(IMEI, kind))).toEqual({ imei: IMEI, kind });
    expect(() => deviceTopic('abc', 'up')).toThrow(RangeError);
  });
  it('answers null for anything else', () => {
    for (const t of [
      `d/${IMEI}/up/x`,
      `d/${IMEI}`,
      `d/${IMEI}/other`,
      `x/${IMEI}/up`,
      'd/abc/up',
      `/d/${IMEI}/up`,
      `d/${IMEI}/up/`,
      `d/+/up`,
      '',
      `d/${IMEI}/${'u'.repeat(300)}`,
    ])
      expect(parseTopic(t), t).toBeNull();
    expect(parseTopic(42)).toBeNull();
  });
});

describe('mayPublish', () => {
  it('allows up, ack and future subtopics under the own prefix', () => {
    expect(mayPublish(IMEI, `d/${IMEI}/up`)).toBe(true);
    expect(mayPublish(IMEI, `d/${IMEI}/ack`)).toBe(true);
    expect(mayPublish(IMEI, `d/${IMEI}/ota/progress`)).toBe(true);
  });
  it('refuses other devices, down, wildcards and odd topics', () => {
    for (const t of [
      `d/866123456789013/up`,
      `d/${IMEI}/down`,
      `d/${IMEI}/down/x`,
      `d/${IMEI}`,
      `d/${IMEI}/`,
      `d/${IMEI}//up`,
      `d/${IMEI}/+`,
      `d/${IMEI}/#`,
      `$SYS/broker`,
      `d/${IMEI}/up\u0000`,
      `d/${IMEI}0/up`,
      'up',
    ])
      expect(mayPublish(IMEI, t), t).toBe(false);
    expect(mayPublish('not-an-imei', 'd/not-an-imei/up')).toBe(false);
  });
});

describe('maySubscribe', () => {
  it('allows filters under the own prefix', () => {
    for (const f of [`d/${IMEI}/down`, `d/${IMEI}/#`, `d/${IMEI}/+`, `d/${IMEI}/ota/+`, `d/${IMEI}/ota/#`])
      expect(maySubscribe(IMEI, f), f).toBe(true);
  });
  it('refuses filters that escape or are malformed', () => {
    for (const f of [
      '#',
      '+/+/down',
      'd/#',
      'd/+/down',
      `d/${IMEI}`,
      `d/${IMEI}#`,
      `d/${IMEI}/do#`,
      `d/${IMEI}/#/x`,
      `d/${IMEI}/a+`,
      `d/${IMEI}//x`,
      `$share/g/d/${IMEI}/down`,
      `d/866123456789013/down`,
      `+/${IMEI}/down`,
      '',
    ])
      expect(maySubscribe(IMEI, f), f).toBe(false);
  });
});
