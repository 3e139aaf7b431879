import type { GatewayOrder } from '@fleet/protocols';
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

/** A gateway command of SPEC 7 (deploy, reboot, reload, csq) for the device holding the IMEI's login. */
export interface GatewayCommand {
  commandId: number;
  deviceId: number;
  order: GatewayOrder;
}

/** A `csq` answer: AT+CSQ signal strength 0-31 (99 unknown) and bit error rate class 0-7 (99 unknown). */
export interface SignalAnswer {
  rssi: number;
  ber: number;
}

export type GatewayOutcome = CommandOutcome & { signal?: SignalAnswer };

/** Registered by a gateway for each connected device. */
export interface DeviceLink {
  write(write: PointWrite): Promise<CommandOutcome>;
  /** Poll the device now (DTU); MQTT devices answer false (nothing to poll). */
  refresh(): Promise<boolean>;
  /** Gateway commands; links without it (e.g. a plain DTU device) answer `error`. */
  gateway?(command: GatewayCommand): Promise<GatewayOutcome>;
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
  /** networkError "device offline" when no instance holds a link. */
  gateway(command: GatewayCommand): Promise<GatewayOutcome>;
  close(): Promise<void>;
}
