import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config.js';

describe('parseConfig', () => {
  it('applies the defaults', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      PORT: 8080,
      HOST: '0.0.0.0',
      DATA_DIR: './data',
      MQTT_PORT: 1883,
      DTU_PORT: 8600,
      DEMO: false,
      LOG_LEVEL: 'info',
      TOKEN_TTL: 7200,
      REFRESH_TTL: 604800,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.PLATFORM_TITLE).toBeUndefined();
  });

  it('reads TRUST_PROXY as Fastify takes it', () => {
    expect(parseConfig({}).TRUST_PROXY).toBe(false);
    expect(parseConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(parseConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(parseConfig({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }).TRUST_PROXY).toBe('10.0.0.0/8,127.0.0.1');
  });

  it('reads the values given', () => {
    const config = parseConfig({
      PORT: '0',
      DEMO: '1',
      DATABASE_URL: 'postgres://u@h:5432/db',
      MQTT_PORT: '11883',
      OTA_HOST: 'ota.example.com',
      PLATFORM_TITLE: 'Acme',
      TOKEN_TTL: '60',
      UNRELATED: 'x',
    });
    expect(config).toMatchObject({
      PORT: 0,
      DEMO: true,
      MQTT_PORT: 11883,
      OTA_HOST: 'ota.example.com',
      TOKEN_TTL: 60,
    });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['MQTT_PORT', '-1'],
    ['DEMO', 'maybe'],
    ['LOG_LEVEL', 'loud'],
    ['DATABASE_URL', 'mysql://x'],
    ['TOKEN_TTL', '0'],
    ['TOKEN_SECRET', 'short'],
  ])('refuses %s=%s with one line naming the variable', (name, value) => {
    let error: unknown;
    try {
      parseConfig({ [name]: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain(name);
    expect(message).not.toContain('\n');
    if (name === 'TOKEN_SECRET') expect(message).not.toContain(value);
  });

  it('reads the notice settings and never echoes an SMTP password', () => {
    expect(parseConfig({})).toMatchObject({ WEBHOOK_ALLOW_PRIVATE: false });
    expect(parseConfig({}).SMTP_URL).toBeUndefined();
    const config = parseConfig({
      SMTP_URL: 'smtps://mailer:pa55@mail.example.com:465',
      SMTP_FROM: 'Fleet <alarms@example.com>',
      WEBHOOK_ALLOW_PRIVATE: '1',
    });
    expect(config).toMatchObject({
      SMTP_URL: 'smtps://mailer:pa55@mail.example.com:465',
      SMTP_FROM: 'Fleet <alarms@example.com>',
      WEBHOOK_ALLOW_PRIVATE: true,
    });
    let error: unknown;
    try {
      parseConfig({ SMTP_URL: 'http://mailer:pa55@mail.example.com' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain('SMTP_URL');
    expect((error as Error).message).not.toContain('pa55');
  });

  it('takes the number of broker connections of an instance within 1 to 256 (default 32)', () => {
    expect(parseConfig({}).MQTT_CONNECTIONS).toBe(32);
    expect(parseConfig({ MQTT_CONNECTIONS: '8' }).MQTT_CONNECTIONS).toBe(8);
    for (const bad of ['0', '257', 'many']) {
      expect(() => parseConfig({ MQTT_CONNECTIONS: bad })).toThrow(/MQTT_CONNECTIONS/);
    }
  });

  it('reads the broker provisioning settings, checks them together and never echoes their secrets', () => {
    expect(parseConfig({})).toMatchObject({ MQTT_PROVISION: 'none', MQTT_SESSION_EXPIRY: 3600 });
    const dynsec = {
      MQTT_URL: 'mqtt://fleet:pw@broker:1883',
      MQTT_PROVISION: 'mosquitto-dynsec',
      MQTT_ADMIN_USERNAME: 'admin',
      MQTT_ADMIN_PASSWORD: 'admin-pa55',
      MQTT_SESSION_ID: 'fleet-0',
    };
    expect(parseConfig(dynsec)).toMatchObject({
      MQTT_PROVISION: 'mosquitto-dynsec',
      MQTT_SESSION_ID: 'fleet-0',
    });
    const refusal = (env: Record<string, string>) => {
      try {
        parseConfig(env);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      throw new Error('accepted');
    };
    expect(refusal({ MQTT_PROVISION: 'emqx' })).toContain('MQTT_URL');
    expect(refusal({ ...dynsec, MQTT_ADMIN_PASSWORD: '' })).toContain('MQTT_ADMIN_PASSWORD');
    expect(refusal({ MQTT_URL: dynsec.MQTT_URL, MQTT_PROVISION: 'emqx' })).toContain('EMQX_HOOK_SECRET');
    const short = refusal({
      MQTT_URL: dynsec.MQTT_URL,
      MQTT_PROVISION: 'emqx',
      EMQX_HOOK_SECRET: 'short-pa55',
    });
    expect(short).toContain('EMQX_HOOK_SECRET');
    expect(short).not.toContain('pa55');
    expect(refusal({ MQTT_ADMIN_URL: 'http://admin:pa55@broker' })).not.toContain('pa55');
    expect(refusal({ MQTT_SESSION_ID: 'a b' })).toContain('MQTT_SESSION_ID');
    expect(refusal({ REDIS_PREFIX: 'a b' })).toContain('REDIS_PREFIX');
    expect(parseConfig({}).REDIS_PREFIX).toBe('fleet:');
  });
  it('refuses scale-out (REDIS_URL) without the keys every instance must share, naming the missing one', () => {
    const keys = {
      TOKEN_SECRET: 'k'.repeat(32),
      SECRET_BOX_KEY: 'a'.repeat(64),
      OTA_SIGNING_KEY: 'pem-or-base64',
    };
    const redis = { REDIS_URL: 'redis://127.0.0.1:6379' };
    expect(parseConfig({ ...redis, ...keys }).REDIS_URL).toBe(redis.REDIS_URL);
    for (const missing of Object.keys(keys)) {
      const env: Record<string, string> = { ...redis, ...keys };
      delete env[missing];
      expect(() => parseConfig(env)).toThrow(ConfigError);
      expect(() => parseConfig(env)).toThrow(
        new RegExp(`^Invalid configuration: ${missing} must be set with REDIS_URL`),
      );
    }
    // One process without Redis keeps generating its keys into DATA_DIR.
    expect(parseConfig({}).TOKEN_SECRET).toBeUndefined();
  });
});
