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
  MQTT_URL: url(['mqtt:', 'mqtts:', 'tcp:', 'ssl:', 'ws:', 'wss:']),
  MQTT_PORT: port(1883),
  DTU_PORT: port(8600),
  DEMO: flag,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  OTA_HOST: optionalText,
  TOKEN_SECRET: optionalText.refine((v) => v === undefined || v.length >= 32, {
    message: 'must be at least 32 characters',
  }),
  TOKEN_TTL: seconds(7200),
  REFRESH_TTL: seconds(604800),
  PLATFORM_TITLE: optionalText,
  WEB_DIST: optionalText,
  TRUST_PROXY: trustProxy,
  /** Months of point history kept (monthly partitions older than that are dropped). */
  HISTORY_RETENTION_MONTHS: z.coerce.number().int().min(1).max(1200).default(24),
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

/** Parses the environment; throws one ConfigError naming the first bad variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const input: Record<string, string> = {};
  for (const key of Object.keys(configSchema.shape)) {
    const value = env[key];
    if (value !== undefined) input[key] = value;
  }
  const result = configSchema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const variable = String(issue.path[0] ?? 'environment');
  const given = input[variable];
  // Values that may hold a password are never echoed (the message reaches the terminal and logs).
  const secret = variable === 'TOKEN_SECRET' || variable === 'SMTP_URL';
  const shown = secret || given === undefined ? '' : ` (got "${given}")`;
  throw new ConfigError(variable, `${issue.message}${shown}`);
}

/** Reads `.env` (when present, never overriding the real environment) and parses it. */
export async function loadConfig(): Promise<Config> {
  const dotenv = await import('dotenv');
  dotenv.config({ quiet: true });
  return parseConfig(process.env);
}
