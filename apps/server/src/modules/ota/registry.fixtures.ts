import type { FastifyInstance } from 'fastify';
import type { Database } from '../../platform/db/client.js';
import { createRole, createUser, tokenFor } from '../../test-support/factories.js';
import { deviceProjects } from '../groups/groups.table.js';

export const OTA_MANAGER = ['OtaManager'];
export const OTA_GATEWAY_READ = ['ota.Device/index'];
export const OTA_SIM_READ = ['ota.Sim/index'];

/** A signed-in user with OtaManager, or the permissions given. */
export async function createOtaUser(
  t: { app: FastifyInstance; database: Database },
  options: { parentId?: number | null; isSubuser?: boolean; permissions?: string[] } = {},
) {
  const roleId = await createRole(t.database, {
    ownerUserId: options.parentId ?? null,
    name: `ota-${Math.random().toString(36).slice(2, 10)}`,
    permissions: options.permissions ?? OTA_MANAGER,
  });
  const user = await createUser(t.database, {
    userType: 2,
    parentId: options.parentId ?? null,
    isSubuser: options.isSubuser ?? false,
    roleIds: [roleId],
  });
  return { user, token: await tokenFor(t.app, user.username, user.password) };
}

/** A device project owned by `ownerUserId`. */
export async function createProject(
  database: Database,
  ownerUserId: number,
  name = 'Plant',
): Promise<number> {
  const [row] = await database.db
    .insert(deviceProjects)
    .values({ ownerUserId, name })
    .returning({ id: deviceProjects.id });
  return row!.id;
}

let iccidCounter = 0;
/** A fresh 20-character ICCID, unique within the test run. */
export function nextIccid(): string {
  iccidCounter += 1;
  return `8986${String(process.pid % 10000).padStart(4, '0')}${String(Date.now() % 1_000_000).padStart(6, '0')}${String(iccidCounter).padStart(6, '0')}`.slice(
    0,
    20,
  );
}
