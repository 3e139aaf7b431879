import { BizCode, MODULE_DEFAULTS, type SystemConfig } from '@fleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, tokenFor } from '../../test-support/factories.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { createSystemRepository } from './system.repository.js';

type Entry = { value: number | string; label: { zh: string; en: string; es: string }; color?: string };

let t: TestApp;
let ota: TestApp;
let token: string;
beforeAll(async () => {
  [t, ota] = await Promise.all([createTestApp(), createTestApp({ env: { OTA_HOST: 'ota.example.com' } })]);
  token = await tokenFor(t.app, 'admin', t.adminPassword);
});
afterAll(async () => {
  await Promise.all([t?.close(), ota?.close()]);
});

describe('GET /system/config (public)', () => {
  it('answers the module defaults, demo off, no OTA host and the version', async () => {
    const res = await call<SystemConfig>(t.app, 'GET', '/system/config');
    expect(res.body.code).toBe(0);
    expect(res.body.data).toEqual({
      modules: MODULE_DEFAULTS,
      demo_enabled: false,
      phone_login: false,
      ota_host: null,
      version: '0.1.0',
      device_expiry_grace_days: 7,
    });
  });

  it('applies the `modules` option row over the defaults', async () => {
    const repo = createSystemRepository(t.database.db);
    await repo.setOption('modules', { energyAnalyze: true, wechat: false, bogus: true, flow: 'no' });
    try {
      const res = await call<SystemConfig>(t.app, 'GET', '/system/config');
      expect(res.body.data.modules).toEqual({ ...MODULE_DEFAULTS, energyAnalyze: true, wechat: false });
      expect(res.body.data.modules).not.toHaveProperty('bogus');
    } finally {
      await repo.setOption('modules', {});
    }
  });

  it('answers OTA_HOST', async () => {
    const res = await call<SystemConfig>(ota.app, 'GET', '/system/config');
    expect(res.body.data.ota_host).toBe('ota.example.com');
  });
});

describe('GET /health', () => {
  it('answers ok and the database kind', async () => {
    const res = await call(t.app, 'GET', '/health');
    expect(res.body).toEqual({
      code: 0,
      msg: 'ok',
      data: { status: 'ok', database: process.env.TEST_DB === 'pg' ? 'postgres' : 'pglite' },
    });
  });
});

describe('GET /dict', () => {
  it('needs a token', async () => {
    expect((await call(t.app, 'GET', '/dict?key=user_type')).body.code).toBe(BizCode.SESSION_EXPIRED);
  });

  it('answers device protocols with the star stripped, or kept on request', async () => {
    const res = await call<Entry[]>(t.app, 'GET', '/dict?key=device_protocol', { token });
    expect(res.body.data.map((e) => e.value)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(res.body.data[0]!.label.en).toBe('MODBUS');
    expect(res.body.data[2]!.label.zh).toBe('MQTT');
    const kept = await call<Entry[]>(t.app, 'GET', '/dict?key=device_protocol&keep_star=1', { token });
    expect(kept.body.data[0]!.label).toEqual({ zh: 'MODBUS*', en: 'MODBUS*', es: 'MODBUS*' });
    expect(kept.body.data[1]!.label.en).toBe('TCP');
  });

  it('answers user types, user statuses and alarm types in three languages', async () => {
    const types = await call<Entry[]>(t.app, 'GET', '/dict?key=user_type', { token });
    expect(types.body.data.map((e) => e.value)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(types.body.data[2]!.label.en).toBe('Level-1 agent');
    const status = await call<Entry[]>(t.app, 'GET', '/dict?key=user_status', { token });
    expect(status.body.data.map((e) => e.value)).toEqual([0, 1]);
    const alarms = await call<Entry[]>(t.app, 'GET', '/dict?key=alarm_type', { token });
    expect(alarms.body.data.map((e) => e.value)).toEqual([
      0, 1, 2, 3, 4, 101, 102, 103, 104, 105, 106, 107, 108,
    ]);
    for (const e of alarms.body.data) expect(e.label.es.length).toBeGreaterThan(0);
  });

  it('answers 10002 naming the field for an unknown key', async () => {
    const res = await call(t.app, 'GET', '/dict?key=nope', { token });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(BizCode.PARAM_ERROR);
    expect(res.body.msg).toMatch(/^query\.key: /);
  });
});

describe('GET /option', () => {
  it('answers the seeded alarm levels', async () => {
    const res = await call<Entry[]>(t.app, 'GET', '/option?name=alarm_levels', { token });
    expect(res.body.data.map((e) => e.value)).toEqual([1, 2, 3, 4]);
    expect(res.body.data[3]!.label.en).toBe('Critical');
    expect(res.body.data.every((e) => /^#[0-9a-f]{6}$/.test(e.color ?? ''))).toBe(true);
  });

  it('reads the levels from the options table', async () => {
    const repo = createSystemRepository(t.database.db);
    const before = await repo.getOption('alarm_levels');
    await repo.setOption('alarm_levels', [
      { value: 9, label: { zh: '九', en: 'Nine', es: 'Nueve' }, color: '#000000' },
    ]);
    try {
      const res = await call<Entry[]>(t.app, 'GET', '/option?name=alarm_levels', { token });
      expect(res.body.data).toEqual([
        { value: 9, label: { zh: '九', en: 'Nine', es: 'Nueve' }, color: '#000000' },
      ]);
    } finally {
      await repo.setOption('alarm_levels', before);
    }
  });

  it('answers 10002 for an unknown name', async () => {
    const res = await call(t.app, 'GET', '/option?name=nope', { token });
    expect(res.body.code).toBe(BizCode.PARAM_ERROR);
    expect(res.body.msg).toMatch(/^query\.name: /);
  });
});
