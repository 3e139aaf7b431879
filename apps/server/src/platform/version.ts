import { readFileSync } from 'node:fs';

let cached: string | undefined;

/** The version of @fleet/server (apps/server/package.json). */
export function serverVersion(): string {
  cached ??= (
    JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
  ).version;
  return cached;
}
