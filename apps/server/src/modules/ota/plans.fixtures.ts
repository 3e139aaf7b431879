import { randomBytes } from 'node:crypto';
import type { OtaApplicationRow } from '@fleet/contracts';
import type { FastifyInstance } from 'fastify';
import { multipart, type Part } from '../graphlib/graphlib.fixtures.js';

export interface UploadAnswer {
  status: number;
  body: { code: number; msg: string; data: OtaApplicationRow; msg_key?: string };
}

/** POST /ota/applications with these parts. */
export async function uploadApplicationParts(
  app: FastifyInstance,
  token: string,
  parts: Part[],
): Promise<UploadAnswer> {
  const { payload, headers } = multipart(parts);
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/ota/applications',
    headers: { ...headers, 'x-token': token },
    payload,
  });
  return { status: res.statusCode, body: res.json() as UploadAnswer['body'] };
}

/** A package of `size` random bytes for `models`, version and counter as given. */
export function uploadApplication(
  app: FastifyInstance,
  token: string,
  options: { version?: string; models?: string; counter?: number; bytes?: Buffer; name?: string } = {},
) {
  return uploadApplicationParts(app, token, [
    { name: 'name', value: options.name ?? 'Gateway firmware' },
    { name: 'version', value: options.version ?? '2.1.0' },
    { name: 'models', value: options.models ?? 'SG-1' },
    { name: 'counter', value: String(options.counter ?? 7) },
    { name: 'notes', value: 'fixes the modem watchdog' },
    {
      name: 'file',
      filename: 'fw.bin',
      type: 'application/octet-stream',
      data: options.bytes ?? randomBytes(4096),
    },
  ]);
}
