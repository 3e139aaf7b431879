import { describe, expect, it } from 'vitest';
import { parseCli } from './cli.js';

const KEY = '0123456789abcdef0123456789abcdef';

describe('parseCli', () => {
  it('parses a DTU run with defaults', () => {
    expect(parseCli(['--dtu', '127.0.0.1:9000', '--imei', '866123456789012', '--key', KEY])).toEqual({
      kind: 'dtu',
      host: '127.0.0.1',
      port: 9000,
      imei: '866123456789012',
      key: KEY,
      legacy: false,
      heartbeat: 'PING',
      heartbeatIntervalMs: 60_000,
      slaves: 2,
      registers: 4,
      chunk: undefined,
      latencyMs: undefined,
    });
    const c = parseCli(['--dtu', 'h:1', '--imei', '1', '--legacy', '--heartbeat', '0xFE01', '--chunk', '3']);
    expect(c).toMatchObject({ legacy: true, heartbeat: '0xFE01', chunk: 3 });
  });

  it('parses a DTU run that is also an OTA gateway on its TCP link', () => {
    const c = parseCli([
      '--dtu',
      'h:1',
      '--imei',
      '1',
      '--key',
      KEY,
      '--ota-model',
      'DTU-4G',
      '--ota-key',
      'k.pem',
    ]);
    expect(c).toMatchObject({ ota: { model: 'DTU-4G', keyFile: 'k.pem', version: '1.0.0', counter: 1 } });
    expect(() => parseCli(['--dtu', 'h:1', '--imei', '1', '--key', KEY, '--ota-model', 'DTU-4G'])).toThrow(
      /--ota-key/,
    );
  });

  it('parses an MQTT run', () => {
    expect(
      parseCli(['--mqtt', 'mqtt://127.0.0.1:1884', '--imei', '866000000000001', '--password', 'pw']),
    ).toEqual({
      kind: 'mqtt',
      url: 'mqtt://127.0.0.1:1884',
      imei: '866000000000001',
      password: 'pw',
      intervalMs: 5000,
    });
  });

  it('explains bad input', () => {
    expect(() => parseCli([])).toThrow(/--imei/);
    expect(() => parseCli(['--imei', '1'])).toThrow(/--dtu/);
    expect(() => parseCli(['--dtu', 'nohost', '--imei', '1', '--key', KEY])).toThrow(/host:port/);
    expect(() => parseCli(['--dtu', 'h:1', '--imei', '1'])).toThrow(/--key/);
    expect(() => parseCli(['--mqtt', 'http://x', '--imei', '1', '--password', 'p'])).toThrow(/mqtt:\/\//);
    expect(() => parseCli(['--dtu', 'h:70000', '--imei', '1', '--key', KEY])).toThrow(/port/);
    expect(() => parseCli(['--dtu', 'h:1', '--imei', '1', '--key', KEY, '--bogus'])).toThrow();
  });
});
