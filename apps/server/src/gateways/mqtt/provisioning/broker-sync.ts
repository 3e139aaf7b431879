import type { Logger } from 'pino';
import type { Config } from '../../../config.js';
import type { DeviceDirectory } from '../../../pipeline/directory.js';
import { BUS, type DeviceChangedEvent, type EventBus } from '../../../platform/bus/event-bus.js';
import type { Database } from '../../../platform/db/client.js';
import type { Presence } from '../../types.js';
import { isExpired } from '../credentials.js';
import { connectDynsecAdmin } from './dynsec-admin.js';
import { createDynsecProvisioner } from './dynsec-provisioner.js';
import { type BrokerProvisioner, passiveProvisioner } from './provisioner.js';
import { registryDevices } from './registry.repository.js';

export type ProvisionConfig = Partial<
  Pick<
    Config,
    'MQTT_PROVISION' | 'MQTT_URL' | 'MQTT_ADMIN_URL' | 'MQTT_ADMIN_USERNAME' | 'MQTT_ADMIN_PASSWORD'
  >
>;

/** A provisioner whose failures are logged (IMEI only, never a secret) instead of failing the caller. */
function guarded(inner: BrokerProvisioner, logger?: Logger): BrokerProvisioner {
  const report = (what: string, imei: string) => (error: unknown) =>
    logger?.warn(
      { err: (error as Error).message, imei },
      `MQTT broker: ${what} failed; the next reconcile retries`,
    );
  return {
    ...inner,
    upsertDevice: (device) => inner.upsertDevice(device).catch(report('device upsert', device.imei)),
    setEnabled: (imei, enabled) => inner.setEnabled(imei, enabled).catch(report('enable/disable', imei)),
    remove: (imei) => inner.remove(imei).catch(report('device removal', imei)),
  };
}

/** The URL without user and password (the admin credentials come from their own variables). */
const withoutCredentials = (url: string) => {
  const parsed = new URL(url);
  parsed.username = '';
  parsed.password = '';
  return parsed.toString();
};

const usernameOf = (url: string | undefined) => {
  if (!url) return undefined;
  const name = decodeURIComponent(new URL(url).username);
  return name || undefined;
};

/**
 * The runtime's broker provisioner from the configuration. The dynamic security admin connection
 * starts at once; `onConnect` is told of every (re)connection (startBrokerSync reconciles then).
 */
export function createBrokerProvisioner(
  config: ProvisionConfig,
  logger?: Logger,
): { provisioner: BrokerProvisioner; onConnect(listener: () => void): () => void } {
  const listeners = new Set<() => void>();
  const onConnect = (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  if (config.MQTT_PROVISION !== 'mosquitto-dynsec' || !config.MQTT_URL)
    return { provisioner: passiveProvisioner(config.MQTT_PROVISION === 'emqx' ? 'emqx' : 'none'), onConnect };
  const admin = connectDynsecAdmin({
    url: withoutCredentials(config.MQTT_ADMIN_URL ?? config.MQTT_URL),
    username: config.MQTT_ADMIN_USERNAME,
    password: config.MQTT_ADMIN_PASSWORD,
    onConnect: () => {
      for (const listener of listeners) listener();
    },
    onError: (error) => logger?.warn({ err: error.message }, 'MQTT dynamic security admin connection error'),
  });
  const provisioner = createDynsecProvisioner({
    admin,
    platformUsername: usernameOf(config.MQTT_URL),
    logger,
  });
  return { provisioner: guarded(provisioner, logger), onConnect };
}

export interface BrokerSyncDeps {
  provisioner: BrokerProvisioner;
  onConnect(listener: () => void): () => void;
  database: Database;
  bus: EventBus;
  directory: DeviceDirectory;
  presence: Presence;
  clock: () => Date;
  logger?: Logger;
}

/**
 * Keeps the broker in step once the database is ready: a reconcile now and after every reconnection
 * of the admin connection (a broker restart), the enabled state after a device's configuration
 * changes (its expiry), and presence 'kicked' when a rotation closed a connection
 * (Mosquitto sends no last will then).
 */
export function startBrokerSync(deps: BrokerSyncDeps): { ready: Promise<void>; stop(): void } {
  const { provisioner, logger } = deps;
  if (provisioner.kind !== 'mosquitto-dynsec') return { ready: Promise.resolve(), stop: () => undefined };
  const reconcile = () =>
    provisioner
      .reconcile(() => registryDevices(deps.database.db, deps.clock()))
      .then(({ needsSecretRotation, ...counts }) =>
        logger?.info(
          { ...counts, needsSecretRotation: needsSecretRotation.length },
          'MQTT broker reconciled',
        ),
      )
      .catch((error: unknown) =>
        logger?.warn({ err: (error as Error).message }, 'MQTT broker reconcile failed'),
      );
  const offConnect = deps.onConnect(() => void reconcile());
  const ready = reconcile().then(() => undefined);
  const unsubscribe = deps.bus.subscribe(BUS.deviceChanged, (message) => {
    const { deviceId, kind } = message as DeviceChangedEvent;
    if (deviceId === null) return;
    if (kind === 'credentials') {
      void deps.presence.disconnected(deviceId, 'mqtt', 'kicked');
      return;
    }
    if (kind !== 'config') return;
    void deps.directory.byId(deviceId).then((device) => {
      if (device) return provisioner.setEnabled(device.imei, !isExpired(device, deps.clock()));
    });
  });
  return {
    /** The first reconcile ran (the platform's own user has its role from then on). */
    ready,
    stop() {
      offConnect();
      unsubscribe();
    },
  };
}
