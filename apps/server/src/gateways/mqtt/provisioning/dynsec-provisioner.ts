import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { type DynsecAdmin, DynsecError } from './dynsec-admin.js';
import {
  type BrokerDevice,
  type BrokerProvisioner,
  emptySummary,
  type ReconcileSummary,
  type RegistryDevice,
} from './provisioner.js';

/** textname of every client the platform made: reconcile only ever deletes those. */
export const DEVICE_TEXTNAME = 'fleet device';
/** textdescription of a client recreated without its secret: disabled until the secret is rotated. */
export const NEEDS_ROTATION = 'needs secret rotation';
/** Role of the platform's own MQTT_URL user: the shared subscriptions and the command topics. */
export const PLATFORM_ROLE = 'fleet-platform';

export const deviceRole = (imei: string) => `fleet-device-${imei}`;

/** A device may use `d/{imei}/...` only, and may not publish to its own `down` topic or below it. */
export function deviceAcls(imei: string) {
  const base = `d/${imei}`;
  return [
    { acltype: 'publishClientSend', topic: `${base}/down`, priority: 10, allow: false },
    { acltype: 'publishClientSend', topic: `${base}/down/#`, priority: 10, allow: false },
    { acltype: 'publishClientSend', topic: `${base}/#`, priority: 0, allow: true },
    { acltype: 'publishClientReceive', topic: `${base}/#`, priority: 0, allow: true },
    { acltype: 'subscribePattern', topic: `${base}/#`, priority: 0, allow: true },
  ];
}

const PLATFORM_ACLS = [
  { acltype: 'publishClientSend', topic: 'd/+/down', priority: 0, allow: true },
  { acltype: 'publishClientReceive', topic: 'd/#', priority: 0, allow: true },
  { acltype: 'subscribePattern', topic: 'd/#', priority: 0, allow: true },
  { acltype: 'subscribePattern', topic: '$share/+/d/#', priority: 0, allow: true },
];

interface BrokerClient {
  username: string;
  textname?: string;
  textdescription?: string;
  disabled?: boolean;
  roles?: Array<{ rolename: string }>;
}

export interface DynsecProvisionerOptions {
  admin: DynsecAdmin;
  /** Username of the platform's MQTT_URL connection: given the platform role at each reconcile. */
  platformUsername?: string;
  logger?: Logger;
}

const already = (error: unknown, what: 'exists' | 'not found') =>
  error instanceof DynsecError && error.reason.toLowerCase().includes(what);

/** Mosquitto 2 dynamic security: one client and one role per device (docs/protocols.md). */
export function createDynsecProvisioner(options: DynsecProvisionerOptions): BrokerProvisioner {
  const { admin, logger } = options;
  let queue: Promise<unknown> = Promise.resolve();
  /** One command sequence at a time, so a reconcile never interleaves with an upsert. */
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const next = queue.then(task, task);
    queue = next.catch(() => undefined);
    return next;
  };

  const ignoring = async (what: 'exists' | 'not found', command: Parameters<DynsecAdmin['run']>[0]) => {
    try {
      await admin.run(command);
    } catch (error) {
      if (!already(error, what)) throw error;
    }
  };
  const ensureRole = (rolename: string, acls: unknown[]) =>
    ignoring('exists', { command: 'createRole', rolename, acls });
  /** Disabling closes the client's connections; enabling again lets the new secret in. */
  const kick = async (imei: string, enabled: boolean) => {
    await admin.run({ command: 'disableClient', username: imei });
    if (enabled) await admin.run({ command: 'enableClient', username: imei });
  };

  const upsert = async ({ imei, secret }: BrokerDevice, enabled: boolean) => {
    await ensureRole(deviceRole(imei), deviceAcls(imei));
    try {
      await admin.run({
        command: 'createClient',
        username: imei,
        clientid: imei,
        password: secret,
        textname: DEVICE_TEXTNAME,
        roles: [{ rolename: deviceRole(imei), priority: 0 }],
      });
      if (!enabled) await admin.run({ command: 'disableClient', username: imei });
      return;
    } catch (error) {
      if (!already(error, 'exists')) throw error;
    }
    await admin.run({ command: 'setClientPassword', username: imei, password: secret });
    await admin.run({
      command: 'modifyClient',
      username: imei,
      textname: DEVICE_TEXTNAME,
      textdescription: '',
    });
    await kick(imei, enabled);
  };

  const remove = async (imei: string) => {
    await ignoring('not found', { command: 'deleteClient', username: imei });
    await ignoring('not found', { command: 'deleteRole', rolename: deviceRole(imei) });
  };

  /**
   * The platform's own user gets its role once: changing a client's roles makes Mosquitto close its
   * connections, so this happens only when the role is missing.
   */
  const ensurePlatformRole = async (clients: Map<string, BrokerClient>) => {
    await ensureRole(PLATFORM_ROLE, PLATFORM_ACLS);
    const platform = options.platformUsername ? clients.get(options.platformUsername) : undefined;
    if (!platform || platform.roles?.some((role) => role.rolename === PLATFORM_ROLE)) return;
    await admin.run({
      command: 'addClientRole',
      username: platform.username,
      rolename: PLATFORM_ROLE,
      priority: 0,
    });
  };

  /** A registry device the broker lost: its secret is not known here, so it waits for a rotation. */
  const recreateWithoutSecret = async (imei: string) => {
    await ensureRole(deviceRole(imei), deviceAcls(imei));
    await admin.run({
      command: 'createClient',
      username: imei,
      clientid: imei,
      password: randomBytes(24).toString('base64url'),
      textname: DEVICE_TEXTNAME,
      textdescription: NEEDS_ROTATION,
      roles: [{ rolename: deviceRole(imei), priority: 0 }],
    });
    await admin.run({ command: 'disableClient', username: imei });
  };

  const reconcile = async (load: () => Promise<RegistryDevice[]>): Promise<ReconcileSummary> => {
    const summary = emptySummary();
    // The broker first, the registry second: a device created meanwhile is in the registry read.
    const listed = await admin.run({ command: 'listClients', verbose: true, count: -1, offset: 0 });
    const clients = new Map(
      ((listed.data?.clients ?? []) as BrokerClient[]).map((client) => [client.username, client]),
    );
    await ensurePlatformRole(clients);
    const registry = await load();
    const known = new Set<string>();
    for (const { imei, enabled } of registry) {
      known.add(imei);
      const client = clients.get(imei);
      if (!client) {
        await recreateWithoutSecret(imei);
        summary.created++;
        summary.needsSecretRotation.push(imei);
        continue;
      }
      const waiting = client.textdescription === NEEDS_ROTATION;
      if (waiting) summary.needsSecretRotation.push(imei);
      if (!client.roles?.some((role) => role.rolename === deviceRole(imei))) {
        await ensureRole(deviceRole(imei), deviceAcls(imei));
        await admin.run({
          command: 'addClientRole',
          username: imei,
          rolename: deviceRole(imei),
          priority: 0,
        });
      }
      const disabled = !enabled || waiting;
      if (Boolean(client.disabled) === disabled) continue;
      await admin.run({ command: disabled ? 'disableClient' : 'enableClient', username: imei });
      if (disabled) summary.disabled++;
      else summary.enabled++;
    }
    for (const client of clients.values()) {
      if (client.textname !== DEVICE_TEXTNAME || known.has(client.username)) continue;
      await remove(client.username);
      summary.deleted++;
    }
    if (summary.needsSecretRotation.length > 0)
      logger?.warn(
        { devices: summary.needsSecretRotation.length, imeis: summary.needsSecretRotation.slice(0, 20) },
        'MQTT broker lacked device clients; they stay disabled until their credentials are rotated',
      );
    return summary;
  };

  return {
    kind: 'mosquitto-dynsec',
    upsertDevice: (device) => serial(() => upsert(device, device.enabled ?? true)),
    setEnabled: (imei, enabled) =>
      serial(async () => {
        try {
          if (enabled) {
            const found = await admin.run({ command: 'getClient', username: imei });
            const client = found.data?.client as BrokerClient | undefined;
            if (client?.textdescription === NEEDS_ROTATION) return; // waits for its new secret
          }
          await admin.run({ command: enabled ? 'enableClient' : 'disableClient', username: imei });
        } catch (error) {
          if (!already(error, 'not found')) throw error;
        }
      }),
    remove: (imei) => serial(() => remove(imei)),
    reconcile: (load) => serial(() => reconcile(load)),
    close: () => admin.close(),
  };
}
