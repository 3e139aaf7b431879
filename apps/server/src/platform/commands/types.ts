import type { DirectoryPoint } from '../../pipeline/directory.js';

/** A write to one point, as handed to the gateway that holds the device's connection. */
export interface PointWrite {
  commandId: number;
  deviceId: number;
  point: DirectoryPoint;
  value: number | string | boolean;
}

/** How the device answered: resp (confirmed), fail (the device refused, e.g. a Modbus exception),
 * networkError (no connection, timeout), error (anything else, e.g. the value cannot be encoded). */
export type CommandOutcome =
  | { status: 'resp' }
  | { status: 'fail' | 'networkError' | 'error'; error: string };

/** Registered by a gateway for each connected device. */
export interface DeviceLink {
  write(write: PointWrite): Promise<CommandOutcome>;
  /** Poll the device now (DTU); MQTT devices answer false (nothing to poll). */
  refresh(): Promise<boolean>;
}

/**
 * Routes a command to whichever instance holds the device's connection (DESIGN 7). In-process in
 * embedded mode; over Redis in scale-out mode.
 */
export interface CommandRouter {
  /** The gateway holding the connection attaches it; the returned function detaches it. */
  attach(deviceId: number, link: DeviceLink): () => void;
  /** networkError "device offline" when no instance holds a link. */
  write(write: PointWrite): Promise<CommandOutcome>;
  refresh(deviceId: number): Promise<boolean>;
  close(): Promise<void>;
}
