import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import WebSocket from 'ws';
import { transmittedPassword } from '../../src/platform/auth/password.js';
import { waitFor } from './free-port.js';

/**
 * The platform's HTTP API and live channel as a client sees them, for tests that run the platform as a
 * separate process: everything goes through the public API (the same calls the web app makes), so the
 * tests do not depend on how rows or secrets are stored.
 */
export interface PlatformApi {
  baseUrl: string;
  token: string;
  call<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T>;
}

/** The administrator's password, from the initial-admin file of whichever data directory has it. */
export function initialAdminPassword(dataDirs: readonly string[]): string {
  for (const dir of dataDirs) {
    try {
      const text = readFileSync(join(dir, 'initial-admin.txt'), 'utf8');
      const password = /^password: (.+)$/m.exec(text)?.[1];
      if (password) return password;
    } catch {
      // not this instance
    }
  }
  throw new Error(`no initial-admin.txt in ${dataDirs.join(', ')}`);
}

export async function signIn(baseUrl: string, password: string, username = 'admin'): Promise<PlatformApi> {
  const answer = await fetch(`${baseUrl}/api/v1/login/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: transmittedPassword(password) }),
  });
  const body = (await answer.json()) as { code: number; data: { token: string } };
  if (body.code !== 0) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return withToken(baseUrl, body.data.token);
}

/** The same session against another instance (tokens are valid on every instance of a deployment). */
export function withToken(baseUrl: string, token: string): PlatformApi {
  return {
    baseUrl,
    token,
    async call<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
      const answer = await fetch(`${baseUrl}/api/v1${path}`, {
        method,
        headers: { 'x-token': token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const parsed = (await answer.json()) as { code: number; msg: string; data: T };
      if (parsed.code !== 0) throw new Error(`${method} ${path}: ${JSON.stringify(parsed)}`);
      return parsed.data;
    },
  };
}

export interface TestDevice {
  id: number;
  imei: string;
  /** The MQTT secret, as answered once by a rotation (never stored by the test beyond its run). */
  secret: string;
  /** The HTTP ingest key from the same rotation. */
  httpKey: string;
  pointId: number;
  pointName: string;
}

/** An MQTT device with one float point that stores every changed value (storage mode 2, tolerance 0). */
export async function createMqttDevice(api: PlatformApi, title: string): Promise<TestDevice> {
  const imei = `86${String(Date.now()).slice(-9)}${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
  const device = await api.call<{ id: number }>('POST', '/device', {
    device_imei: imei,
    device_title: title,
    protocol: 3,
  });
  const pointName = 'counter';
  const point = await api.call<{ id: number }>('POST', `/device/${device.id}/datapoint`, {
    name: pointName,
    data_type: 'float',
    // On change with no tolerance: every message carries a new value, so every one is stored.
    storage_mode: 2,
    tolerance: 0,
  });
  const credentials = await api.call<{ mqtt_password: string; http_key: string }>(
    'POST',
    `/device/${device.id}/credentials/rotate`,
  );
  return {
    id: device.id,
    imei,
    secret: credentials.mqtt_password,
    httpKey: credentials.http_key,
    pointId: point.id,
    pointName,
  };
}

/** A websocket client of /wss that keeps every frame it receives. */
export interface LiveClient {
  frames: string[];
  subscribe(deviceIds: readonly number[]): Promise<void>;
  /** The first frame of `type` for `deviceId` whose payload passes `test`, waiting for it. */
  waitFor(
    type: 'LD' | 'AL' | 'OL',
    deviceId: number,
    timeoutMs: number,
    test?: (payload: unknown) => boolean,
  ): Promise<unknown>;
  close(): void;
}

export async function openLive(api: PlatformApi): Promise<LiveClient> {
  const url = `${api.baseUrl.replace(/^http/, 'ws')}/wss?token=${encodeURIComponent(api.token)}`;
  const socket = new WebSocket(url);
  const frames: string[] = [];
  socket.on('message', (data) => frames.push(data.toString()));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  /** Sends HB and waits for its answer: the server handles a socket's messages in order. */
  const roundTrip = async () => {
    const before = frames.length;
    socket.send('HB,0,');
    await waitFor(
      'the HB answer',
      () => (frames.slice(before).some((f) => f.startsWith('HB,')) ? true : undefined),
      10_000,
    );
  };
  await roundTrip();
  return {
    frames,
    async subscribe(deviceIds) {
      socket.send(`SUB,0,${JSON.stringify(deviceIds)}`);
      await roundTrip();
    },
    waitFor(type, deviceId, timeoutMs, test = () => true) {
      const prefix = `${type},${deviceId},`;
      return waitFor(
        `a ${type} frame of device ${deviceId}`,
        () => {
          for (const frame of frames) {
            if (!frame.startsWith(prefix)) continue;
            const payload = JSON.parse(frame.slice(prefix.length)) as unknown;
            if (test(payload)) return payload;
          }
          return undefined;
        },
        timeoutMs,
      );
    },
    close: () => socket.terminate(),
  };
}
