import { type Ack, commandSchema, deviceTopic, gatewayCommand } from '@fleet/protocols';
import type {
  CommandOutcome,
  DeviceLink,
  GatewayCommand,
  GatewayOutcome,
  PointWrite,
} from '../../platform/commands/types.js';

export const COMMAND_TIMEOUT_MS = 10_000;

/** Publishes to the device's `down` topic (QoS 1); resolves once the broker took it. */
export type PublishDown = (topic: string, payload: string) => Promise<void>;

interface Pending {
  resolve(outcome: GatewayOutcome): void;
  timer: NodeJS.Timeout;
}

/**
 * Commands of MQTT devices: a write becomes `{ cmd_id: 'c-<id>', writes: { name: value } }` on
 * `d/{imei}/down`, answered by the device's `d/{imei}/ack`; a gateway command (docs/protocols.md
 * "Gateway commands") is `{ cmd_id: 'g-<id>', gw: {...} }` on the same topics. One instance per connected device, so an
 * ack only ever settles commands of the device that sent it.
 */
export interface MqttCommandLink extends DeviceLink {
  gateway(command: GatewayCommand): Promise<GatewayOutcome>;
  /** A parsed ack from this device; false when no command of it waits for that cmd_id. */
  acked(ack: Ack): boolean;
  /** The connection is gone: everything still waiting ends as networkError. */
  dropped(reason: string): void;
}

export function createMqttCommandLink(
  imei: string,
  publish: PublishDown,
  timeoutMs = COMMAND_TIMEOUT_MS,
): MqttCommandLink {
  const pending = new Map<string, Pending>();
  const settle = (cmdId: string, outcome: GatewayOutcome) => {
    const entry = pending.get(cmdId);
    if (!entry) return false;
    pending.delete(cmdId);
    clearTimeout(entry.timer);
    entry.resolve(outcome);
    return true;
  };

  /** Publishes and waits for the ack of `cmdId` (networkError after the timeout or a dropped link). */
  async function send(cmdId: string, message: object): Promise<GatewayOutcome> {
    const answered = new Promise<GatewayOutcome>((resolve) => {
      const timer = setTimeout(
        () => settle(cmdId, { status: 'networkError', error: `no answer within ${timeoutMs / 1000} s` }),
        timeoutMs,
      );
      timer.unref();
      settle(cmdId, { status: 'networkError', error: 'superseded by a command with the same id' });
      pending.set(cmdId, { resolve, timer });
    });
    try {
      await publish(deviceTopic(imei, 'down'), JSON.stringify(message));
    } catch (error) {
      settle(cmdId, { status: 'networkError', error: `publish failed: ${(error as Error).message}` });
    }
    return answered;
  }

  return {
    async write(write: PointWrite): Promise<CommandOutcome> {
      const cmdId = `c-${write.commandId}`;
      const command = commandSchema.safeParse({
        cmd_id: cmdId,
        writes: { [write.point.name]: write.value },
        // A gateway's point is named per slave: say which one (as telemetry does).
        ...(write.point.slaveId === null ? {} : { slave: write.point.slaveId }),
      });
      if (!command.success) return { status: 'error', error: 'value cannot be encoded as an MQTT command' };
      return send(cmdId, command.data);
    },
    async gateway(gw: GatewayCommand): Promise<GatewayOutcome> {
      const cmdId = `g-${gw.commandId}`;
      const command = gatewayCommand.safeParse({ cmd_id: cmdId, gw: gw.order });
      if (!command.success) return { status: 'error', error: 'the command cannot be encoded for MQTT' };
      return send(cmdId, command.data);
    },
    async refresh() {
      return false; // MQTT devices push their values; there is nothing to poll
    },
    acked(ack) {
      if (!ack.ok) return settle(ack.cmd_id, { status: 'fail', error: ack.error || 'refused by the device' });
      const signal =
        ack.rssi !== undefined && ack.ber !== undefined ? { rssi: ack.rssi, ber: ack.ber } : null;
      return settle(ack.cmd_id, signal ? { status: 'resp', signal } : { status: 'resp' });
    },
    dropped(reason) {
      for (const cmdId of [...pending.keys()]) settle(cmdId, { status: 'networkError', error: reason });
    },
  };
}
