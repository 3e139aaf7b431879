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

export function loggerOptions(level: string): LoggerOptions {
  return { level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } };
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
