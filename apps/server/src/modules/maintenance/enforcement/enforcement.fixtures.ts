import type { EnforcementDetail, EnforcementFileRow } from '@fleet/contracts';
import type { FastifyInstance } from 'fastify';
import { call } from '../../../test-support/factories.js';
import { multipart } from '../../graphlib/graphlib.fixtures.js';

export const OFFICER = [
  'maintenance.Enforcement/index',
  'maintenance.Enforcement/add',
  'maintenance.Enforcement/handle',
  'maintenance.WorkOrder/index',
  'ExportFile',
];

/** A tiny MP4 (ISO BMFF: an `ftyp` box, then a `free` box). */
export const MP4_BYTES = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom'),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from('isomiso2'),
  Buffer.from([0, 0, 0, 8]),
  Buffer.from('free'),
]);
/** A tiny WebM: the EBML header with DocType "webm". */
export const WEBM_BYTES = Buffer.concat([
  Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84]),
  Buffer.from('webm'),
  Buffer.from([0x42, 0x87, 0x81, 0x04, 0x42, 0x85, 0x81, 0x02]),
]);

export async function uploadEvidence(
  app: FastifyInstance,
  token: string,
  data: Buffer,
  type = 'image/png',
  filename = 'evidence.png',
) {
  const { payload, headers } = multipart([{ name: 'file', filename, type, data }]);
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/maintenance/enforcement/files',
    headers: { ...headers, 'x-token': token },
    payload,
  });
  return res.json() as { code: number; msg: string; msg_key?: string; data: EnforcementFileRow };
}

export function createRecord(app: FastifyInstance, token: string, body: Record<string, unknown> = {}) {
  return call<EnforcementDetail>(app, 'POST', '/maintenance/enforcement', {
    token,
    body: {
      type: 'inspection',
      site: 'North gate',
      occurred_at: '2026-11-20T08:30:00.000Z',
      description: 'Fire extinguisher missing at the pump house',
      ...body,
    },
  });
}
