import type { UserType } from '@fleet/contracts';
import type { FastifyInstance } from 'fastify';
import { createUsersRepository, type NewUser, type UserRow } from '../modules/users/users.repository.js';
import { hashPassword, transmittedPassword } from '../platform/auth/password.js';
import type { Database } from '../platform/db/client.js';

let counter = 0;

export interface UserFactoryInput extends Partial<Omit<NewUser, 'passwordHash'>> {
  /** Clear password (default 'secret1!'). */
  password?: string;
  userType?: UserType;
  parentId?: number | null;
  /** Ids of roles to assign. */
  roleIds?: number[];
}

/** Creates a user through the users repository, as the product would. */
export async function createUser(
  database: Database,
  input: UserFactoryInput = {},
): Promise<UserRow & { password: string }> {
  const repo = createUsersRepository(database.db);
  const { password = 'secret1!', roleIds = [], ...rest } = input;
  counter += 1;
  const user = await repo.create({
    username: `user${counter}${Date.now().toString(36)}`,
    userType: 4,
    ...rest,
    passwordHash: await hashPassword(transmittedPassword(password)),
  });
  if (!user) throw new Error('username taken');
  for (const roleId of roleIds) await repo.assignRole(user.id, roleId);
  return { ...user, password };
}

export async function systemRoleId(database: Database, name: string): Promise<number> {
  const id = await createUsersRepository(database.db).findSystemRoleId(name);
  if (id === undefined) throw new Error(`no system role ${name}`);
  return id;
}

export async function createRole(
  database: Database,
  input: { ownerUserId: number | null; name: string; permissions: string[] },
): Promise<number> {
  return createUsersRepository(database.db).createRole(input);
}

export interface Answer<T = unknown> {
  status: number;
  body: { code: number; msg: string; data: T };
  headers: Record<string, unknown>;
}

/** Calls the API through app.inject and parses the envelope. */
export async function call<T = unknown>(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { token?: string; body?: unknown; ip?: string; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const res = await app.inject({
    method,
    url: url.startsWith('/api/') ? url : `/api/v1${url}`,
    headers: { ...(options.token ? { 'x-token': options.token } : {}), ...options.headers },
    payload: options.body === undefined ? undefined : (options.body as object),
    remoteAddress: options.ip,
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

/** Signs in with a clear password; returns the login result. */
export async function login(
  app: FastifyInstance,
  username: string,
  password: string,
  ip?: string,
): Promise<Answer<{ token: string; refresh_token: string; expires_in: number }>> {
  return call(app, 'POST', '/login/login', {
    body: { username, password: transmittedPassword(password) },
    ip,
  });
}

export async function tokenFor(app: FastifyInstance, username: string, password: string): Promise<string> {
  const res = await login(app, username, password);
  if (res.body.code !== 0) throw new Error(`login failed: ${JSON.stringify(res.body)}`);
  return res.body.data.token;
}

// ---- device registry

let imeiCounter = 0;

/** A fresh 15-digit IMEI, unique within the test run. */
export function nextImei(): string {
  imeiCounter += 1;
  return `86${String(process.pid % 1000).padStart(3, '0')}${String(Date.now() % 100000).padStart(5, '0')}${String(imeiCounter).padStart(5, '0')}`.slice(
    0,
    15,
  );
}

export interface DeviceFactoryInput {
  ownerUserId: number;
  imei?: string;
  title?: string;
  protocol?: number;
  gatewayProtocol?: string | null;
  legacyRegistration?: boolean;
}

/**
 * Creates a device through the devices repository (with its own credentials). The row stores hashes;
 * the plain secrets come back beside it (`mqttPassword`, `dtuKey`, `httpKey`), as the creation shows them.
 */
export async function createDevice(database: Database, input: DeviceFactoryInput) {
  const { createDevicesRepository } = await import('../modules/devices/devices.repository.js');
  const { draftDevice } = await import('../modules/devices/device-rules.js');
  const { newSecrets } = await import('../modules/devices/credentials.js');
  const secrets = newSecrets();
  type DeviceGatewayProtocol = import('@fleet/contracts').DeviceGatewayProtocol;
  const draft = draftDevice(
    {
      device_imei: input.imei ?? nextImei(),
      device_title: input.title,
      protocol: input.protocol,
      gateway_protocol: input.gatewayProtocol as DeviceGatewayProtocol | null | undefined,
      legacy_registration: input.legacyRegistration,
    },
    input.ownerUserId,
    null,
    secrets,
  );
  if ('field' in draft) throw new Error(`${draft.field}: ${draft.message}`);
  const [row] = await createDevicesRepository(database.db).insertMany([draft]);
  return { ...row!, ...secrets };
}

export const DEVICE_PERMISSIONS = ['DeviceManage', 'DeviceTemplate', 'DeviceModel'];

/** A signed-in user below `parentId` holding the device registry permissions. */
export async function createDeviceUser(
  t: { app: FastifyInstance; database: Database },
  options: { parentId?: number; userType?: UserType; isSubuser?: boolean; deviceLimit?: number | null } = {},
) {
  const roleId = await createRole(t.database, {
    ownerUserId: options.parentId ?? null,
    name: `devices-${Math.random().toString(36).slice(2, 10)}`,
    permissions: DEVICE_PERMISSIONS,
  });
  const user = await createUser(t.database, {
    userType: options.userType ?? 2,
    parentId: options.parentId ?? null,
    isSubuser: options.isSubuser ?? false,
    deviceLimit: options.deviceLimit ?? null,
    roleIds: [roleId],
  });
  return { user, token: await tokenFor(t.app, user.username, user.password) };
}
