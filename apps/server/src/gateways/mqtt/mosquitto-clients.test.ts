import { execFile, spawn } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../../modules/devices/devices.table.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { type MqttGateway, startMqttGateway } from './mqtt-gateway.js';
import { eventually, mqttDevice } from './mqtt-test-support.js';

/**
 * Conformance with MQTT clients nobody here wrote: Debian's mosquitto_pub / mosquitto_sub
 * (mosquitto-clients) against the embedded broker.
 */
let t: TestApp;
let gateway: MqttGateway;

beforeAll(async () => {
  t = await createTestApp();
  gateway = await startMqttGateway(t.runtime, { port: 0, host: '127.0.0.1', commandTimeoutMs: 2000 });
});
afterAll(async () => {
  await gateway?.close();
  await t?.close();
});

const login = (imei: string, password: string) => [
  '-h',
  '127.0.0.1',
  '-p',
  String(gateway.port),
  '-i',
  imei,
  '-u',
  imei,
  '-P',
  password,
  '-V',
  'mqttv311',
];

function mosquittoPub(args: string[]): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    execFile('/usr/bin/mosquitto_pub', args, { timeout: 15_000 }, (error, _stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stderr });
    });
  });
}

describe('mosquitto clients against the embedded broker', () => {
  it('mosquitto_pub telemetry (QoS 1) is stored by the time it exits', async () => {
    const d = await mqttDevice(t);
    const payload = JSON.stringify({ ts: Date.UTC(2026, 4, 1), values: { temp: 12.25, mode: 'eco' } });
    const result = await mosquittoPub([
      ...login(d.imei, d.password),
      '-q',
      '1',
      '-t',
      `d/${d.imei}/up`,
      '-m',
      payload,
    ]);
    expect(result).toEqual({ code: 0, stderr: '' });
    const latest = new Map((await t.runtime.pipeline.latestOf(d.device.id)).map((v) => [v.pointId, v.value]));
    expect(latest.get(d.temp.id)).toBe(12.25);
    expect(latest.get(d.mode.id)).toBe('eco');
  });

  it('mosquitto_sub on d/{imei}/down receives a command written through the router', async () => {
    const d = await mqttDevice(t);
    const sub = spawn('/usr/bin/mosquitto_sub', [
      ...login(d.imei, d.password),
      '-q',
      '1',
      '-t',
      `d/${d.imei}/down`,
      '-C',
      '1',
      '-W',
      '15',
    ]);
    let stdout = '';
    sub.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => sub.on('close', resolve));
    try {
      await eventually(async () => {
        const [row] = await t.database.db.select().from(devices).where(eq(devices.id, d.device.id));
        expect(row?.status).toBe(1);
      });
      // The subscription follows the CONNECT; writing until it is in place avoids a race.
      let outcome: Awaited<ReturnType<typeof t.runtime.commands.write>> | undefined;
      await eventually(async () => {
        outcome = await t.runtime.commands.write({
          commandId: 7,
          deviceId: d.device.id,
          point: { ...d.temp, slaveId: null } as never,
          value: 30,
        });
        expect(stdout).not.toBe('');
      }, 15_000);
      expect(await exited).toBe(0);
      expect(JSON.parse(stdout.trim())).toEqual({ cmd_id: 'c-7', writes: { temp: 30 } });
      // mosquitto_sub never acks: the command ends as networkError, not as a success.
      expect(outcome?.status).toBe('networkError');
    } finally {
      sub.kill();
    }
  });

  it('refuses a wrong password', async () => {
    const d = await mqttDevice(t);
    const result = await mosquittoPub([
      ...login(d.imei, 'not-the-secret'),
      '-t',
      `d/${d.imei}/up`,
      '-m',
      '{}',
    ]);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/bad user name or password/i);
  });

  it("refuses publishing to another device's topic; nothing is stored for that device", async () => {
    const a = await mqttDevice(t);
    const b = await mqttDevice(t);
    const before = gateway.counters().denied;
    const payload = JSON.stringify({ values: { temp: 666 } });
    const result = await mosquittoPub([
      ...login(a.imei, a.password),
      '-q',
      '1',
      '-t',
      `d/${b.imei}/up`,
      '-m',
      payload,
    ]);
    expect(result.code).not.toBe(0);
    expect(gateway.counters().denied - before).toBe(1);
    expect(await t.runtime.pipeline.latestOf(b.device.id)).toEqual([]);
    expect(await t.runtime.pipeline.latestOf(a.device.id)).toEqual([]);
  });
});
