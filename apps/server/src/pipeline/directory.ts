import { BUS, type DeviceChangedEvent, type EventBus } from '../platform/bus/event-bus.js';
import type { Db } from '../platform/db/client.js';
import { createDeviceDirectoryRepository } from './device-directory.repository.js';

/** A configured point as the gateways need it to decode, encode and route values. */
export interface DirectoryPoint {
  id: number;
  deviceId: number;
  name: string;
  title: string;
  /** slave_devices.id, null for a point of the device itself. */
  slaveRef: number | null;
  /** The Modbus slave id (1-254) of slaveRef, null for a point of the device itself. */
  slaveId: number | null;
  /** 0 monitor, 1 user parameter. */
  type: number;
  sourceKind: string;
  dataType: string;
  area: string | null;
  address: number | null;
  registerCount: number | null;
  byteOrder: string;
  scale: number;
  offset: number;
  decimals: number;
  unit: string;
  storageMode: number;
  storageIntervalS: number;
  tolerance: number;
  /** 0 no, 1 collect, 2 collect and hide. */
  collectMode: number;
  access: string;
}

export interface DirectoryPort {
  id: number;
  uartReadMs: number;
  pollIntervalS: number;
}

export interface DirectorySlave {
  ref: number;
  slaveId: number;
  portId: number | null;
}

/** Everything the gateways know of one device: identity, credentials, configuration. */
export interface DirectoryDevice {
  id: number;
  imei: string;
  ownerUserId: number;
  deviceClass: 'DTUGW' | 'DT';
  protocol: number;
  gatewayProtocol: string | null;
  legacyRegistration: boolean;
  /** Salted hashes of the secrets (secret-hash.ts): check with verifyDeviceSecretHash. */
  mqttPasswordHash: string;
  dtuKeyHash: string;
  httpKeyHash: string;
  heartbeat: string;
  heartbeatIntervalS: number;
  expireAt: Date | null;
  ports: DirectoryPort[];
  slaves: DirectorySlave[];
  points: DirectoryPoint[];
  /** Point by `${slaveId ?? ''}:${name}`; use pointNamed(). */
  byName: Map<string, DirectoryPoint>;
  byId: Map<number, DirectoryPoint>;
}

/** A point of a device by its name and, for a gateway, its slave id. */
export function pointNamed(
  device: DirectoryDevice,
  name: string,
  slaveId?: number | null,
): DirectoryPoint | undefined {
  return device.byName.get(`${slaveId ?? ''}:${name}`);
}

export interface DeviceDirectory {
  byImei(imei: string): Promise<DirectoryDevice | null>;
  byId(deviceId: number): Promise<DirectoryDevice | null>;
  /** Several devices at once: the cached ones from memory, all others in one read. */
  byIds(deviceIds: readonly number[]): Promise<Map<number, DirectoryDevice | null>>;
  /** Drops cached entries (deviceId null: all); the next lookup reads the database. */
  invalidate(deviceId: number | null): void;
  close(): void;
}

export interface DirectoryOptions {
  /** Cached entries are re-read after this long even without an invalidation (default 60 s). */
  ttlMs?: number;
  now?: () => number;
}

/**
 * Device configuration cache shared by the gateways. Entries are invalidated through the bus
 * (BUS.deviceChanged, published after every device mutation) and expire after a TTL as a safety net.
 */
export function createDeviceDirectory(
  db: Db,
  bus: EventBus,
  options: DirectoryOptions = {},
): DeviceDirectory {
  const ttlMs = options.ttlMs ?? 60_000;
  const now = options.now ?? Date.now;
  const cache = new Map<string, { at: number; entry: Promise<DirectoryDevice | null> }>();
  const imeiOfId = new Map<number, string>();
  const repo = createDeviceDirectoryRepository(db);

  const invalidate = (deviceId: number | null) => {
    if (deviceId === null) {
      cache.clear();
      imeiOfId.clear();
      return;
    }
    const imei = imeiOfId.get(deviceId);
    if (imei) cache.delete(imei);
    imeiOfId.delete(deviceId);
  };
  const unsubscribe = bus.subscribe(BUS.deviceChanged, (message) => {
    const { deviceId, kind } = message as DeviceChangedEvent;
    if (kind !== 'created') invalidate(deviceId ?? null); // unknown IMEIs are never cached
  });

  const byImei = (imei: string): Promise<DirectoryDevice | null> => {
    const hit = cache.get(imei);
    if (hit && now() - hit.at < ttlMs) return hit.entry;
    const entry = repo.byImei(imei).then((device) => {
      if (device) imeiOfId.set(device.id, device.imei);
      else cache.delete(imei); // unknown IMEIs are not cached: a device may be created any moment
      return device;
    });
    entry.catch(() => cache.delete(imei));
    cache.set(imei, { at: now(), entry });
    return entry;
  };

  const remember = (device: DirectoryDevice) => {
    imeiOfId.set(device.id, device.imei);
    cache.set(device.imei, { at: now(), entry: Promise.resolve(device) });
  };

  return {
    byImei,
    async byId(deviceId) {
      const imei = imeiOfId.get(deviceId);
      if (imei) return byImei(imei);
      const device = await repo.byId(deviceId);
      if (device) remember(device);
      return device;
    },
    async byIds(deviceIds) {
      const found = new Map<number, DirectoryDevice | null>();
      const known: Promise<void>[] = [];
      const unknown: number[] = [];
      for (const id of deviceIds) {
        const imei = imeiOfId.get(id);
        const hit = imei ? cache.get(imei) : undefined;
        if (imei && hit && now() - hit.at < ttlMs) {
          known.push(hit.entry.then((device) => void found.set(id, device)));
        } else {
          unknown.push(id);
        }
      }
      const [loaded] = await Promise.all([repo.byIds(unknown), ...known]);
      for (const device of loaded as DirectoryDevice[]) {
        remember(device);
        found.set(device.id, device);
      }
      for (const id of unknown) if (!found.has(id)) found.set(id, null);
      return found;
    },
    invalidate,
    close: unsubscribe,
  };
}
