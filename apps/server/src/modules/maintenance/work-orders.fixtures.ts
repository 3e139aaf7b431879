import type { WorkOrderDetail, WorkOrderFileRow } from '@fleet/contracts';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../platform/db/client.js';
import { call } from '../../test-support/factories.js';
import { createAlarmUser } from '../alarms/alarms.fixtures.js';
import { multipart } from '../graphlib/graphlib.fixtures.js';

export const MANAGER = [
  'maintenance.WorkOrder/index',
  'maintenance.WorkOrder/add',
  'maintenance.WorkOrder/dispatch',
  'maintenance.Repair/index',
  'Event',
  'Event/log',
];
export const TECHNICIAN = ['maintenance.WorkOrder/handle'];

/** A signed-in user of the maintenance module (a sub-account of `parentId` when given). */
export function createMaintenanceUser(
  t: { app: FastifyInstance; database: Database },
  permissions: string[],
  options: { parentId?: number; isSubuser?: boolean; nickName?: string } = {},
) {
  return createAlarmUser(t, permissions, options);
}

export function createOrder(app: FastifyInstance, token: string, body: Record<string, unknown>) {
  return call<WorkOrderDetail>(app, 'POST', '/maintenance/work-orders', {
    token,
    body: { title: 'Pump leaks', ...body },
  });
}

export function act(
  app: FastifyInstance,
  token: string,
  id: number,
  event: string,
  body: Record<string, unknown> = {},
) {
  return call<WorkOrderDetail>(app, 'POST', `/maintenance/work-orders/${id}/${event}`, { token, body });
}

/** Uploads a photo or signature to an order. */
export async function uploadFile(
  app: FastifyInstance,
  token: string,
  orderId: number,
  data: Buffer,
  kind: 'photo' | 'signature' = 'photo',
  type = 'image/png',
) {
  const { payload, headers } = multipart([
    { name: 'kind', value: kind },
    { name: 'file', filename: 'shot.png', type, data },
  ]);
  const res = await app.inject({
    method: 'POST',
    url: `/api/v1/maintenance/work-orders/${orderId}/files`,
    headers: { ...headers, 'x-token': token },
    payload,
  });
  return res.json() as { code: number; msg: string; data: WorkOrderFileRow };
}

/** A small JPEG-shaped file with an EXIF segment (APP1) the upload must strip. */
export function jpegWithExif(): Buffer {
  const soi = Buffer.from([0xff, 0xd8]);
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const exifBody = Buffer.from('Exif\0\0GPS-52.5N-13.4E');
  const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, 0x00, exifBody.length + 2]), exifBody]);
  const sos = Buffer.from([0xff, 0xda, 0x00, 0x08, 1, 1, 0, 0, 0x3f, 0, 0x12, 0x34, 0xff, 0xd9]);
  return Buffer.concat([soi, app0, app1, sos]);
}
