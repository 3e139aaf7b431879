import { PERMISSION_GROUPS } from '@fleet/contracts';
import type { FastifyInstance } from 'fastify';
import { createUsersRepository, type UserRow } from '../modules/users/users.repository.js';
import type { Database } from '../platform/db/client.js';
import { createRole, createUser, tokenFor, type UserFactoryInput } from './factories.js';

/** Every accounts permission plus a few device ones: what a reseller manager holds. */
export const MANAGER_PERMISSIONS: string[] = [...PERMISSION_GROUPS.user, 'Device/view', 'Event'];

export interface TreeUser extends UserRow {
  password: string;
  token: string;
}

export interface TenantTree {
  /** Manufacturer (type 1) below the platform admin. */
  m1: TreeUser;
  /** Agent (type 2) below M1; C1 is its customer, S1 its sub-account. */
  a1: TreeUser;
  s1: TreeUser;
  c1: TreeUser;
  /** Sibling agent (type 2) below M1 with customer C2 and sub-account S2. */
  a2: TreeUser;
  s2: TreeUser;
  c2: TreeUser;
  /** Roles owned by A1 / A2 (what they hand to their users). */
  a1Role: number;
  a2Role: number;
}

/**
 * platform admin > M1 > { A1 (sub-account S1, customer C1), A2 (sub-account S2, customer C2) }.
 * Managers hold MANAGER_PERMISSIONS; sub-accounts hold `subPermissions` (default: view users only).
 */
export async function createTenantTree(
  app: FastifyInstance,
  database: Database,
  options: { subPermissions?: string[]; limits?: Partial<UserFactoryInput> } = {},
): Promise<TenantTree> {
  const managerRole = await createRole(database, {
    ownerUserId: null,
    name: `manager-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
    permissions: MANAGER_PERMISSIONS,
  });
  const limits = options.limits ?? { deviceLimit: 100, projectLimit: 10, smsCount: 500 };
  const withToken = async (u: UserRow & { password: string }): Promise<TreeUser> => ({
    ...u,
    token: await tokenFor(app, u.username, u.password),
  });
  const admin = await createUsersRepository(database.db).findFirstOfType(0);
  const m1 = await withToken(
    await createUser(database, { userType: 1, parentId: admin!.id, roleIds: [managerRole], ...limits }),
  );
  const agent = async () => {
    const a = await withToken(
      await createUser(database, { userType: 2, parentId: m1.id, roleIds: [managerRole], ...limits }),
    );
    const subRole = await createRole(database, {
      ownerUserId: a.id,
      name: 'sub',
      permissions: options.subPermissions ?? ['auth.User'],
    });
    const own = await createRole(database, {
      ownerUserId: a.id,
      name: 'customer',
      permissions: ['Device/view'],
    });
    const s = await withToken(
      await createUser(database, { userType: 2, parentId: a.id, isSubuser: true, roleIds: [subRole] }),
    );
    const c = await withToken(await createUser(database, { userType: 3, parentId: a.id, roleIds: [own] }));
    return { a, s, c, own };
  };
  const one = await agent();
  const two = await agent();
  return {
    m1,
    a1: one.a,
    s1: one.s,
    c1: one.c,
    a2: two.a,
    s2: two.s,
    c2: two.c,
    a1Role: one.own,
    a2Role: two.own,
  };
}
