import { z } from 'zod';

const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);
const seconds = (fallback: number) => z.coerce.number().int().min(1).default(fallback);
const flag = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no', 'on', 'off', ''])
  .default('0')
  .transform((v) => v === '1' || v === 'true' || v === 'yes' || v === 'on');
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

const url = (protocols: string[]) =>
  optionalText.refine(
    (v) => {
      if (v === undefined) return true;
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}` },
  );

/**
 * Which proxies to believe for the client address (X-Forwarded-For), as Fastify's trustProxy takes it:
 * unset or false: none; true: any; a number: that many hops; else a comma list of addresses / CIDRs.
 * Sign-in throttling per address depends on it behind a load balancer.
 */
const trustProxy = optionalText.transform((v): boolean | number | string => {
  if (v === undefined || ['0', 'false', 'no', 'off'].includes(v)) return false;
  if (['true', 'yes', 'on'].includes(v)) return true;
  if (/^\d+$/.test(v)) return Number(v);
  return v;
});

/** Every environment variable the server reads (all optional). */
export const configSchema = z.object({
  PORT: port(8080),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: url(['postgres:', 'postgresql:']),
  REDIS_URL: url(['redis:', 'rediss:']),
  /**
   * Prefix of every Redis key and channel of this deployment (event bus, command routing, ingest
   * budgets): two deployments sharing one Redis use different prefixes, or they see each other's
   * events and route commands to each other's instances.
   */
  REDIS_PREFIX: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'letters, digits, _ . : and - only')
    .default('fleet:'),
  MQTT_URL: url(['mqtt:', 'mqtts:', 'tcp:', 'ssl:', 'ws:', 'wss:']),
  /**
   * Shared subscription group of the instances on the external broker (MQTT_URL): every instance of
   * one deployment uses the same name; two deployments on one broker use different ones.
   */
  MQTT_SHARE_GROUP: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, _ and - only')
    .default('fleet'),
  MQTT_PORT: port(1883),
  /**
   * Who keeps the external broker's device logins and ACLs in step with the registry (docs/protocols.md
   * "External broker"): none (by hand), mosquitto-dynsec (the platform drives Mosquitto's dynamic
   * security plugin) or emqx (EMQX asks the platform's HTTP hooks).
   */
  MQTT_PROVISION: z.enum(['none', 'mosquitto-dynsec', 'emqx']).default('none'),
  /** Dynamic security admin connection (default: MQTT_URL's broker); its user and password below. */
  MQTT_ADMIN_URL: url(['mqtt:', 'mqtts:', 'tcp:', 'ssl:', 'ws:', 'wss:']),
  MQTT_ADMIN_USERNAME: optionalText,
  MQTT_ADMIN_PASSWORD: optionalText,
  /** Shared secret EMQX sends in the X-Hook-Secret header of its HTTP hooks. */
  EMQX_HOOK_SECRET: optionalText.refine((v) => v === undefined || v.length >= 16, {
    message: 'must be at least 16 characters',
  }),
  /**
   * Stable name of this instance's slot (e.g. a StatefulSet ordinal) on the external broker: set, its
   * MQTT sessions persist and an instance restarting under the same name gets the messages queued
   * meanwhile; unset, sessions are clean (nothing is queued for an absent instance).
   */
  MQTT_SESSION_ID: optionalText.refine((v) => v === undefined || /^[A-Za-z0-9_.-]{1,40}$/.test(v), {
    message: 'must be 1-40 characters of A-Z a-z 0-9 _ . -',
  }),
  /** How long the broker keeps an absent instance's session and queued messages (seconds). */
  MQTT_SESSION_EXPIRY: seconds(3600),
  /**
   * Connections of this instance to the external broker (MQTT_URL), all in the shared group. mqtt.js
   * takes the next message of a connection only after the current one was stored and acknowledged, so
   * this bounds the messages in flight per instance: with 4, one instance stored 2,000-3,000 readings/s
   * in bench:ingest's scale_out part whatever the database could do.
   */
  MQTT_CONNECTIONS: z.coerce.number().int().min(1).max(256).default(32),
  DTU_PORT: port(8600),
  DEMO: flag,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  OTA_HOST: optionalText,
  TOKEN_SECRET: optionalText.refine((v) => v === undefined || v.length >= 32, {
    message: 'must be at least 32 characters',
  }),
  /** AES-256-GCM key of secrets at rest (webhook secrets): 64 hex digits or base64 of 32 bytes. */
  SECRET_BOX_KEY: optionalText.refine(
    (v) =>
      v === undefined || /^[0-9a-fA-F]{64}$/.test(v.trim()) || Buffer.from(v.trim(), 'base64').length === 32,
    { message: 'must be 64 hex digits or the base64 of 32 bytes' },
  ),
  /**
   * Ed25519 private key (PKCS#8 PEM, or its base64) that signs OTA package manifests (DESIGN 13):
   * the same on every instance in scale-out. Unset: DATA_DIR/ota-signing.key, generated once.
   */
  OTA_SIGNING_KEY: optionalText,
  /** Bearer token of GET /api/v1/metrics (Prometheus); unset turns the endpoint off. */
  METRICS_TOKEN: optionalText.refine((v) => v === undefined || v.length >= 16, {
    message: 'must be at least 16 characters',
  }),
  TOKEN_TTL: seconds(7200),
  REFRESH_TTL: seconds(604800),
  PLATFORM_TITLE: optionalText,
  WEB_DIST: optionalText,
  TRUST_PROXY: trustProxy,
  /** Months of point history kept (monthly partitions older than that are dropped). */
  HISTORY_RETENTION_MONTHS: z.coerce.number().int().min(1).max(1200).default(24),
  /** Days after a device's service expiry before its data is locked in the screens (issue 20 item 4). */
  DEVICE_EXPIRY_GRACE_DAYS: z.coerce.number().int().min(0).max(365).default(7),
  /** Notices by e-mail (docs/api-alarms.md): smtp:// or smtps://user:pass@host:port; unset = no e-mail. */
  SMTP_URL: url(['smtp:', 'smtps:']),
  /** Sender address of the notice e-mails. */
  SMTP_FROM: optionalText,
  /** Lets webhooks reach loopback/private addresses (off: such targets are refused, SSRF). */
  WEBHOOK_ALLOW_PRIVATE: flag,
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(`Invalid configuration: ${variable} ${detail}`);
    this.name = 'ConfigError';
  }
}

/** Values that may hold a password: never echoed in an error. */
const SECRET_VARIABLES = new Set([
  'TOKEN_SECRET',
  'SMTP_URL',
  'MQTT_URL',
  'MQTT_ADMIN_URL',
  'MQTT_ADMIN_PASSWORD',
  'EMQX_HOOK_SECRET',
  'SECRET_BOX_KEY',
  'OTA_SIGNING_KEY',
  'METRICS_TOKEN',
]);

/**
 * Keys every instance of a scale-out deployment must share. Left unset, each instance would generate
 * its own into its DATA_DIR: tokens signed by one would be refused by the others (users signed out at
 * random), secrets stored by one unreadable by the others, and OTA manifests signed with keys the
 * gateways do not all trust. Found when following docs/deploy.md: the instances started and seemed
 * to work.
 */
const SHARED_KEYS = ['TOKEN_SECRET', 'SECRET_BOX_KEY', 'OTA_SIGNING_KEY'] as const;

/** Variables that only make sense together. */
function checkCombinations(config: Config): void {
  if (config.REDIS_URL) {
    const missing = SHARED_KEYS.find((key) => !config[key]);
    if (missing)
      throw new ConfigError(
        missing,
        'must be set with REDIS_URL (scale-out): every instance needs the same value (docs/deploy.md)',
      );
  }
  if (config.MQTT_PROVISION === 'none') return;
  if (!config.MQTT_URL) throw new ConfigError('MQTT_PROVISION', 'needs MQTT_URL (an external broker)');
  if (config.MQTT_PROVISION === 'emqx' && !config.EMQX_HOOK_SECRET)
    throw new ConfigError('EMQX_HOOK_SECRET', 'must be set with MQTT_PROVISION=emqx');
  if (
    config.MQTT_PROVISION === 'mosquitto-dynsec' &&
    (!config.MQTT_ADMIN_USERNAME || !config.MQTT_ADMIN_PASSWORD)
  )
    throw new ConfigError(
      'MQTT_ADMIN_USERNAME',
      'and MQTT_ADMIN_PASSWORD must be set with MQTT_PROVISION=mosquitto-dynsec',
    );
}

/** Parses the environment; throws one ConfigError naming the first bad variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const input: Record<string, string> = {};
  for (const key of Object.keys(configSchema.shape)) {
    const value = env[key];
    if (value !== undefined) input[key] = value;
  }
  const result = configSchema.safeParse(input);
  if (result.success) {
    checkCombinations(result.data);
    return result.data;
  }
  const issue = result.error.issues[0]!;
  const variable = String(issue.path[0] ?? 'environment');
  const given = input[variable];
  // Values that may hold a password are never echoed (the message reaches the terminal and logs).
  const secret = SECRET_VARIABLES.has(variable);
  const shown = secret || given === undefined ? '' : ` (got "${given}")`;
  throw new ConfigError(variable, `${issue.message}${shown}`);
}

/** Reads `.env` (when present, never overriding the real environment) and parses it. */
export async function loadConfig(): Promise<Config> {
  const dotenv = await import('dotenv');
  dotenv.config({ quiet: true });
  return parseConfig(process.env);
}
