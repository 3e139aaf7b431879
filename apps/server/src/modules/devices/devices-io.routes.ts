import multipart from '@fastify/multipart';
import { type ImportImeisBody, importImeisBody, importResult, slaveExportQuery } from '@fleet/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { scopeOf } from '../../platform/auth/auth.plugin.js';
import { ok, okResponse } from '../../platform/http/envelope.js';
import { paramError } from '../../platform/http/errors.js';
import type { DeviceServices } from './devices.module.js';

const tags = ['device'];
const config = { permission: 'DeviceManage' } as const;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const MAX_FILE = 10 * 1024 * 1024;

function sendFile(reply: FastifyReply, file: Buffer, name: string) {
  return reply.type(XLSX).header('content-disposition', `attachment; filename="${name}"`).send(file);
}

/** The bytes of the multipart field "file" (at most MAX_FILE). */
async function uploadedFile(request: FastifyRequest): Promise<Buffer> {
  const file = await request.file();
  if (!file) throw paramError('file: required');
  return file.toBuffer().catch(() => {
    throw paramError(`file: larger than ${MAX_FILE / 1024 / 1024} MB`);
  });
}

function importImeisOf(body: unknown): ImportImeisBody {
  const parsed = importImeisBody.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw paramError(`body.${issue.path.join('.') || 'imeis'}: ${issue.message}`);
}

/** Import template, import (xlsx or IMEI lines), slave export. */
export const deviceIoRoutes: FastifyPluginAsyncZod<{ services: DeviceServices }> = async (
  app,
  { services },
) => {
  await app.register(multipart, { limits: { fileSize: MAX_FILE, files: 1, fields: 10 } });
  const { imports, portsSlaves } = services;

  app.get(
    '/device/downloadTemplate',
    { config, schema: { tags, summary: 'The xlsx import template' } },
    async (_request, reply) => sendFile(reply, await imports.templateWorkbook(), 'device-import.xlsx'),
  );

  app.post(
    '/device/import',
    {
      config,
      schema: {
        tags,
        summary:
          'Import devices: multipart field "file" (xlsx) or JSON { imeis: "one per line" }; all or nothing',
        response: okResponse(importResult),
      },
    },
    async (request) => {
      const source = request.isMultipart()
        ? { workbook: await uploadedFile(request) }
        : { imeis: importImeisOf(request.body) };
      return ok(await imports.importDevices(scopeOf(request), source));
    },
  );

  app.get(
    '/device/:id/slavedevice/export',
    {
      config,
      schema: {
        tags,
        summary: 'Slaves and points of a gateway as xlsx',
        params: z.object({ id: z.coerce.number().int().positive() }),
        querystring: slaveExportQuery,
      },
    },
    async (request, reply) => {
      const { file, name } = await portsSlaves.exportSlaves(
        scopeOf(request),
        request.params.id,
        request.query,
      );
      return sendFile(reply, file, name);
    },
  );
};
