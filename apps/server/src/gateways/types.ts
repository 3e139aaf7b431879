/** What every device-facing gateway (MQTT, DTU, HTTP) shares besides the pipeline. */

export type Via = 'mqtt' | 'dtu' | 'http';

/** Why a device went offline, as the online/offline log shows it. */
export type OfflineReason = 'closed' | 'heartbeat' | 'replaced' | 'kicked' | 'silent' | 'shutdown';

export interface PresenceEvent {
  deviceId: number;
  /** 1 online, 0 offline. */
  status: 0 | 1;
  via: Via;
  reason: OfflineReason | '';
  /** Epoch ms. */
  at: number;
}

/**
 * Online/offline of devices: updates devices.status / online_at, appends to device_onoffline_log
 * only on a real transition, and publishes BUS.presence (PresenceEvent) for alarms and the live channel.
 */
export interface Presence {
  connected(deviceId: number, via: Via, remoteAddress?: string): Promise<void>;
  disconnected(deviceId: number, via: Via, reason: OfflineReason): Promise<void>;
  /** Traffic from a connectionless device (HTTP): online now, offline after silence. */
  seen(deviceId: number, via: Via, remoteAddress?: string): Promise<void>;
  /** Signal quality 0-31 (99 unknown) reported by the device. */
  reportCsq(deviceId: number, csq: number): Promise<void>;
  /** Embedded mode at start: devices still marked online go offline (reason 'shutdown'); answers how many. */
  recoverAtStart(): Promise<number>;
  close(): Promise<void>;
}
