import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import pretty from 'pino-pretty';

/** Secrets never reach the log: tokens, cookies and every password-like body field. */
export const REDACT_PATHS = [
  'req.headers["x-token"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers["x-token"]',
  'headers.authorization',
  'headers.cookie',
  'body.password',
  'body.old_password',
  'body.new_password',
  'body.refresh_token',
  'body.token',
  '*.password',
  '*.old_password',
  '*.new_password',
  '*.refresh_token',
  '*.body.password',
  '*.body.old_password',
  '*.body.new_password',
  '*.body.refresh_token',
];

/**
 * Keys of error objects that carry a failed query's values: drizzle's DrizzleQueryError (`params`),
 * PGlite's errors (`params`, `queryOptions`), pg's `detail` (`Key (col)=(value)`). Those values are
 * password hashes, device and webhook secrets: never logged. The query text (placeholders) stays.
 */
const ERROR_SECRET_KEYS = new Set(['params', 'parameters', 'queryOptions', 'values', 'binds', 'detail']);
/** DrizzleQueryError's message (and so its stack) is `Failed query: ...\nparams: v1,v2`. */
const PARAMS_IN_TEXT = /\nparams: [\s\S]*?(?=\n {4}at |$)/;

function scrubError(value: unknown, seen: WeakSet<object>): unknown {
  if (typeof value === 'string') return value.replace(PARAMS_IN_TEXT, '\nparams: [redacted]');
  if (!value || typeof value !== 'object') return value;
  if (seen.has(value)) return '[circular]';
  seen.add(value);
  if (Array.isArray(value)) return value.map((item) => scrubError(item, seen));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = ERROR_SECRET_KEYS.has(key) ? '[redacted]' : scrubError(item, seen);
  }
  return out;
}

/** pino's error serializer (type, message, stack, cause chain), then the query values removed. */
export function serializeError(error: unknown): unknown {
  const serialized = error instanceof Error ? pino.stdSerializers.errWithCause(error) : error;
  return scrubError(serialized, new WeakSet());
}

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { err: serializeError, error: serializeError },
  };
}

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return destination ? pino(loggerOptions(level), destination) : pino(loggerOptions(level));
}

/**
 * Readable lines for a person at a terminal (`npm start`); JSON lines otherwise (CI, containers,
 * log collectors). Redaction happens before either, in pino itself.
 */
export function terminalDestination(
  stream: NodeJS.WriteStream = process.stdout,
): DestinationStream | undefined {
  if (!stream.isTTY) return undefined;
  return pretty({
    destination: stream,
    colorize: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname',
  });
}
