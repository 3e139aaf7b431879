import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SERVER_ROOT } from './paths.js';

let cached: string | undefined;

/** The version of @fleet/server (apps/server/package.json). */
export function serverVersion(): string {
  cached ??= (JSON.parse(readFileSync(join(SERVER_ROOT, 'package.json'), 'utf8')) as { version: string })
    .version;
  return cached;
}
