/**
 * What a simulated OTA gateway does with a `d/{imei}/down` message, whatever carried it (MQTT, or a
 * control frame on the DTU's TCP link): an OTA notice is acknowledged and handed to the OtaAgent; a
 * gateway command of SPEC 7 (docs/protocols.md "Gateway commands") is answered: deploy applies the
 * pushed parameter document, reboot acknowledges then restarts, reload re-reads its parameters, csq
 * answers rssi and ber. The transport supplies how an answer goes back and what a reboot is.
 */
import { paramVersionProblem } from '@fleet/contracts';
import { type GatewayOrder, gatewayCommand, otaNotice } from '@fleet/protocols';
import type { OtaAgent } from './ota-agent.js';

export interface DownTransport {
  /** Sends an answer (`d/{imei}/ack` on MQTT). */
  ack(answer: object): Promise<void>;
  /** Drops the connection and logs in again, like a real box. */
  reboot(): Promise<void>;
}

export interface DownHandlerOptions {
  /** The signal a csq command answers (default: a plausible value that drifts). */
  signal?: () => { rssi: number; ber: number };
  /** Never answers gateway commands (tests of a gateway that stays silent). */
  silent?: boolean;
}

export class GatewayDownHandler {
  /** Notices and commands that were not valid (answered with ok: false when they had a cmd_id). */
  rejected = 0;
  /** Gateway commands handled, by op. */
  readonly handled = { deploy: 0, reboot: 0, reload: 0, csq: 0 };
  private rssi = 18 + Math.floor(Math.random() * 8);

  constructor(
    private readonly agent: OtaAgent,
    private readonly transport: DownTransport,
    private readonly options: DownHandlerOptions = {},
  ) {}

  /** One message; resolves once it was answered (and, for a notice, the agent is done with it). */
  async handle(payload: Uint8Array | string): Promise<void> {
    let message: { cmd_id?: unknown; ota?: unknown; gw?: unknown };
    try {
      const text = typeof payload === 'string' ? payload : new TextDecoder().decode(payload);
      message = JSON.parse(text) as typeof message;
    } catch {
      this.rejected++;
      return;
    }
    if (typeof message?.cmd_id !== 'string') return;
    if (message.gw !== undefined) return this.onGatewayCommand(message);
    if (message.ota === undefined) return; // neither an OTA notice nor a gateway command
    const notice = otaNotice.safeParse(message.ota);
    await this.transport
      .ack(
        notice.success
          ? { cmd_id: message.cmd_id, ok: true }
          : { cmd_id: message.cmd_id, ok: false, error: 'not a valid OTA notice' },
      )
      .catch(() => undefined);
    if (!notice.success) {
      this.rejected++;
      return;
    }
    await this.agent.handle(notice.data).catch(() => undefined);
  }

  private ack(answer: object): Promise<void> {
    return this.transport.ack(answer).catch(() => undefined);
  }

  private async onGatewayCommand(message: unknown): Promise<void> {
    if (this.options.silent) return;
    const parsed = gatewayCommand.safeParse(message);
    const cmdId = (message as { cmd_id: string }).cmd_id;
    if (!parsed.success) {
      this.rejected++;
      return this.ack({ cmd_id: cmdId, ok: false, error: 'not a valid gateway command' });
    }
    const refusal = this.run(parsed.data.gw);
    if (refusal) return this.ack({ cmd_id: cmdId, ok: false, error: refusal });
    this.handled[parsed.data.gw.op]++;
    if (parsed.data.gw.op === 'csq') return this.ack({ cmd_id: cmdId, ok: true, ...this.measure() });
    await this.ack({ cmd_id: cmdId, ok: true });
    if (parsed.data.gw.op === 'reboot') await this.transport.reboot();
  }

  /** What the order does; a refusal in words, or null. */
  private run(order: GatewayOrder): string | null {
    if (order.op !== 'deploy') return null; // reload re-reads what it holds; reboot and csq follow the ack
    // Deploy pushes the current document again: the same version re-applies, an older one is refused.
    const version = order.params.param_version;
    const running = this.agent.paramVersion;
    if (running !== null && version !== running && paramVersionProblem(version, running)) {
      return `param version ${version} is below ${running}, the version it runs`;
    }
    this.agent.params = order.params;
    this.agent.paramVersion = version;
    return null;
  }

  private measure(): { rssi: number; ber: number } {
    if (this.options.signal) return this.options.signal();
    this.rssi = Math.min(31, Math.max(5, this.rssi + Math.round(Math.random() * 4 - 2)));
    return { rssi: this.rssi, ber: Math.random() < 0.8 ? 0 : 1 };
  }
}
