import { randomBytes } from 'node:crypto';
import type { GraphlibCategoryRow, GraphlibItemRow } from '@fleet/contracts';
import type { FastifyInstance } from 'fastify';
import { call } from '../../test-support/factories.js';
import { PNG_THUMBNAIL } from '../scada/scada.fixtures.js';

/** A real 1x1 PNG. */
export const PNG_BYTES = Buffer.from(PNG_THUMBNAIL.slice('data:image/png;base64,'.length), 'base64');

/** A small harmless SVG; `n` makes distinct content. */
export const svgOf = (n = 0) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 20"><rect x="${n}" width="10" height="10" fill="#888"/></svg>`,
  );

export type Part =
  | { name: string; value: string }
  | { name: string; filename: string; type?: string; data: Buffer };

/** A multipart/form-data request body. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----fleet${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if ('data' in part) {
      head += `; filename="${part.filename}"\r\n`;
      if (part.type) head += `Content-Type: ${part.type}\r\n`;
    } else head += '\r\n';
    chunks.push(
      Buffer.from(`${head}\r\n`),
      'data' in part ? part.data : Buffer.from(part.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export async function uploadParts(app: FastifyInstance, token: string, parts: Part[]) {
  const { payload, headers } = multipart(parts);
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/scada/graphlib',
    headers: { ...headers, 'x-token': token },
    payload,
  });
  return {
    status: res.statusCode,
    body: res.json() as {
      code: number;
      msg: string;
      data: GraphlibItemRow;
      msg_key?: string;
      msg_params?: Record<string, unknown>;
    },
  };
}

/** Uploads one file into a category. */
export function upload(
  app: FastifyInstance,
  token: string,
  categoryId: number,
  file: { data: Buffer; filename?: string; type?: string },
  name?: string,
) {
  const parts: Part[] = [{ name: 'category_id', value: String(categoryId) }];
  if (name !== undefined) parts.push({ name: 'name', value: name });
  parts.push({
    name: 'file',
    filename: file.filename ?? 'symbol.svg',
    type: file.type ?? 'image/svg+xml',
    data: file.data,
  });
  return uploadParts(app, token, parts);
}

export async function createCategory(app: FastifyInstance, token: string, name: string) {
  const res = await call<GraphlibCategoryRow>(app, 'POST', '/scada/graphlib/category', {
    token,
    body: { name },
  });
  if (res.body.code !== 0) throw new Error(`category: ${JSON.stringify(res.body)}`);
  return res.body.data;
}
