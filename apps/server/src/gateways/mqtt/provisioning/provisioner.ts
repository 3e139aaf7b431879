/**
 * Keeps an external broker's device clients in step with the device registry (docs/protocols.md
 * "External broker"). The device service calls it at the only moments a device's plain MQTT secret
 * exists (creation, rotation); a secret is never kept here, put on the event bus or logged.
 */
export interface BrokerDevice {
  imei: string;
  /** The device's plain MQTT secret, as just generated. */
  secret: string;
  /** False for a device that may not connect yet (expired); default true. */
  enabled?: boolean;
}

/** What the registry says about one device when the broker is reconciled. */
export interface RegistryDevice {
  imei: string;
  /** False when the device may not connect (expired). */
  enabled: boolean;
}

export interface ReconcileSummary {
  created: number;
  deleted: number;
  enabled: number;
  disabled: number;
  /** Registry devices the broker had lost: created disabled until their secret is rotated. */
  needsSecretRotation: string[];
}

export interface BrokerProvisioner {
  readonly kind: 'none' | 'mosquitto-dynsec' | 'emqx';
  /** Creates the device's client or sets its new secret (closing connections that used the old one). */
  upsertDevice(device: BrokerDevice): Promise<void>;
  /** Allows (true) or refuses (false, closing its connection) a device's logins. */
  setEnabled(imei: string, enabled: boolean): Promise<void>;
  /** Deletes the device's client (closing its connection). */
  remove(imei: string): Promise<void>;
  /**
   * Makes the broker match the registry (read by `load`, after the broker's list): creates,
   * enables/disables and deletes device clients.
   */
  reconcile(load: () => Promise<RegistryDevice[]>): Promise<ReconcileSummary>;
  close(): Promise<void>;
}

export const emptySummary = (): ReconcileSummary => ({
  created: 0,
  deleted: 0,
  enabled: 0,
  disabled: 0,
  needsSecretRotation: [],
});

/**
 * Embedded broker (the platform checks every login itself), no provisioning, or EMQX (which asks
 * the platform over HTTP at each login and publish): nothing to push.
 */
export function passiveProvisioner(kind: 'none' | 'emqx' = 'none'): BrokerProvisioner {
  return {
    kind,
    async upsertDevice() {},
    async setEnabled() {},
    async remove() {},
    async reconcile() {
      return emptySummary();
    },
    async close() {},
  };
}
