import type { FastifyInstance } from 'fastify';
import type { Database } from '../../platform/db/client.js';
import { createRole, createUser, DEVICE_PERMISSIONS, tokenFor } from '../../test-support/factories.js';

export const SCADA_READ = ['IndScada'];
export const SCADA_WRITE = ['IndScada', 'ScadaManager', ...DEVICE_PERMISSIONS];

/** A signed-in user with the SCADA (and device registry) permissions, or the ones given. */
export async function createScadaUser(
  t: { app: FastifyInstance; database: Database },
  options: {
    parentId?: number | null;
    isSubuser?: boolean;
    isDemo?: boolean;
    scadaLimit?: number | null;
    graphLimit?: number | null;
    permissions?: string[];
  } = {},
) {
  const roleId = await createRole(t.database, {
    ownerUserId: options.parentId ?? null,
    name: `scada-${Math.random().toString(36).slice(2, 10)}`,
    permissions: options.permissions ?? SCADA_WRITE,
  });
  const user = await createUser(t.database, {
    userType: 2,
    parentId: options.parentId ?? null,
    isSubuser: options.isSubuser ?? false,
    isDemo: options.isDemo ?? false,
    scadaLimit: options.scadaLimit ?? null,
    graphLimit: options.graphLimit ?? null,
    roleIds: [roleId],
  });
  return { user, token: await tokenFor(t.app, user.username, user.password) };
}

const frame = (x: number) => ({ x, y: 10, w: 100, h: 30, rotation: 0 });
const text = (x: number, name: string) => ({
  kind: 'text',
  frame: frame(x),
  text: '--',
  color: '#212121',
  fontSize: 14,
  align: 'start',
  bindings: [
    { point: { by: 'name', name }, map: { kind: 'text', translate: false, unit: true, decimals: 1 } },
  ],
});

/** A version-2 document with one page: a rectangle and texts bound by point name (ua, ia, nope). */
export function templateDocument(): Record<string, unknown> {
  return {
    schemaVersion: 2,
    name: 'Meter view',
    pages: {
      main: {
        name: 'Main',
        canvas: { w: 800, h: 600, background: '#ffffff' },
        elements: {
          r1: {
            kind: 'rectangle',
            frame: frame(0),
            fill: '#ff0000',
            stroke: '#000000',
            strokeWidth: 1,
            bindings: [
              { point: { by: 'name', name: 'ua' }, map: { kind: 'boolean', prop: 'visible', invert: false } },
            ],
          },
          t1: text(120, 'ia'),
          t2: text(240, 'nope'),
        },
        order: ['r1', 't1', 't2'],
      },
    },
    pageOrder: ['main'],
  };
}

/** A small but real PNG (1x1) as a data URL. */
export const PNG_THUMBNAIL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
