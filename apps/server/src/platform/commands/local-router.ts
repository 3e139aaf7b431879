import type {
  CommandOutcome,
  CommandRouter,
  DeviceLink,
  GatewayCommand,
  GatewayOutcome,
  PointWrite,
} from './types.js';

/** Turns whatever a link threw into an `error` outcome so a faulty gateway never breaks the caller. */
export function errorOutcome(error: unknown): CommandOutcome {
  return { status: 'error', error: error instanceof Error ? error.message : String(error) };
}

export const DEVICE_OFFLINE: CommandOutcome = { status: 'networkError', error: 'device offline' };

export const NO_GATEWAY_COMMANDS: CommandOutcome = {
  status: 'error',
  error: 'the device’s connection takes no gateway commands',
};

/** The links held by this process, one per device; a newer attach replaces the older one. */
export interface LocalLinks {
  attach(deviceId: number, link: DeviceLink): () => void;
  get(deviceId: number): DeviceLink | undefined;
  write(write: PointWrite): Promise<CommandOutcome>;
  refresh(deviceId: number): Promise<boolean>;
  gateway(command: GatewayCommand): Promise<GatewayOutcome>;
  clear(): void;
}

export function createLocalLinks(hooks?: {
  onAttach?: (deviceId: number) => void;
  onDetach?: (deviceId: number) => void;
}): LocalLinks {
  const links = new Map<number, DeviceLink>();
  return {
    attach(deviceId, link) {
      links.set(deviceId, link);
      hooks?.onAttach?.(deviceId);
      let detached = false;
      return () => {
        if (detached) return;
        detached = true;
        // A reconnect may already have attached a newer link: only remove our own.
        if (links.get(deviceId) !== link) return;
        links.delete(deviceId);
        hooks?.onDetach?.(deviceId);
      };
    },
    get: (deviceId) => links.get(deviceId),
    async write(write) {
      const link = links.get(write.deviceId);
      if (!link) return DEVICE_OFFLINE;
      try {
        return await link.write(write);
      } catch (error) {
        return errorOutcome(error);
      }
    },
    async refresh(deviceId) {
      const link = links.get(deviceId);
      if (!link) return false;
      try {
        return (await link.refresh()) === true;
      } catch {
        return false;
      }
    },
    async gateway(command) {
      const link = links.get(command.deviceId);
      if (!link) return DEVICE_OFFLINE;
      if (!link.gateway) return NO_GATEWAY_COMMANDS;
      try {
        return await link.gateway(command);
      } catch (error) {
        return errorOutcome(error);
      }
    },
    clear: () => links.clear(),
  };
}

/** Embedded mode: every connection lives in this process. */
export function createLocalCommandRouter(): CommandRouter {
  const links = createLocalLinks();
  return {
    attach: (deviceId, link) => links.attach(deviceId, link),
    write: (write) => links.write(write),
    refresh: (deviceId) => links.refresh(deviceId),
    gateway: (command) => links.gateway(command),
    async close() {
      links.clear();
    },
  };
}
