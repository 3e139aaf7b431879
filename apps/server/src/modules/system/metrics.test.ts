import { BizCode } from '@fleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMetricsRegistry } from '../../platform/metrics.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';

const TOKEN = 'metrics-token-0123456789';
let t: TestApp;
let off: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
  off = await createTestApp();
});
afterAll(async () => {
  await t?.close();
  await off?.close();
});

const scrape = (app: TestApp, authorization?: string) =>
  app.app.inject({
    method: 'GET',
    url: '/api/v1/metrics',
    headers: authorization ? { authorization } : {},
  });

describe('GET /api/v1/metrics', () => {
  it('answers the counter totals in Prometheus text format to the bearer of METRICS_TOKEN', async () => {
    const unregister = t.runtime.metrics.register(
      'dtu',
      () => ({ online: 2, timeouts: 3, exceptions: 1, rejected: { malformed: 4, key: 1 } }),
      ['online'],
    );
    try {
      const res = await scrape(t, `Bearer ${TOKEN}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toContain('# TYPE fleet_pipeline_received_total counter');
      expect(res.body).toMatch(/^fleet_pipeline_received_total \d+$/m);
      expect(res.body).toContain('# TYPE fleet_pipeline_pending gauge');
      expect(res.body).toContain('fleet_dtu_online 2');
      expect(res.body).toContain('fleet_dtu_timeouts_total 3');
      expect(res.body).toContain('fleet_dtu_exceptions_total 1');
      expect(res.body).toContain('fleet_dtu_rejected_total{reason="malformed"} 4');
    } finally {
      unregister();
    }
    expect((await scrape(t, `Bearer ${TOKEN}`)).body).not.toContain('fleet_dtu_');
  });

  it('answers 10010 without the token, with a wrong one or with a user token', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', TOKEN, `Basic ${TOKEN}`]) {
      const res = await scrape(t, authorization);
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.json().code).toBe(BizCode.SESSION_EXPIRED);
    }
  });

  it('is off without METRICS_TOKEN', async () => {
    const res = await scrape(off, `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(404);
  });
});

describe('metrics registry', () => {
  it('names counters fleet_<part>_<snake_case>_total and escapes label values', () => {
    const registry = createMetricsRegistry();
    registry.register('mqtt', () => ({ authFailures: 5, connected: 1, byKind: { 'a"b': 1 } }), ['connected']);
    const text = registry.render();
    expect(text).toContain('fleet_mqtt_auth_failures_total 5');
    expect(text).toContain('fleet_mqtt_connected 1');
    expect(text).toContain('fleet_mqtt_by_kind_total{reason="a\\"b"} 1');
  });
});
