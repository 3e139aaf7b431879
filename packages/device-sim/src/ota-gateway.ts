/**
 * A simulated OTA gateway on MQTT (docs/protocols.md "OTA"): it logs in like any MQTT device (client
 * id and username = IMEI, password = the MQTT secret of the device with that IMEI in the platform's
 * device registry), subscribes to `d/{imei}/down`, acknowledges each OTA notice on `d/{imei}/ack`,
 * hands it to its OtaAgent (which verifies, downloads with resume, applies and reboots) and publishes
 * every step the agent reports on `d/{imei}/ota`. It answers the gateway commands of SPEC 7 too
 * (docs/protocols.md "Gateway commands"): deploy applies the pushed parameter document, reboot
 * acknowledges and reconnects, reload re-reads its parameters, csq answers rssi and ber.
 */

import { paramVersionProblem } from '@fleet/contracts';
import {
  deviceTopic,
  type GatewayOrder,
  gatewayCommand,
  type OtaProgress,
  otaNotice,
  otaTopic,
} from '@fleet/protocols';
import mqtt, { type MqttClient } from 'mqtt';
import { OtaAgent, type OtaAgentOptions } from './ota-agent.js';

export interface OtaGatewayOptions extends Omit<OtaAgentOptions, 'report'> {
  url: string;
  imei: string;
  password: string;
  reconnectPeriodMs?: number;
  /** Every step reported, after it was published (tests and the demo watch these). */
  onProgress?: (progress: OtaProgress) => void;
  /** The signal a csq command answers (default: a plausible value that drifts). */
  signal?: () => { rssi: number; ber: number };
  /** Never answers gateway commands (tests of a gateway that stays silent). */
  silent?: boolean;
}

export class OtaGateway {
  readonly agent: OtaAgent;
  /** Notices that were not valid OTA notices (acknowledged with ok: false). */
  rejected = 0;
  /** Gateway commands handled, by op (tests and the demo look at these). */
  readonly handled = { deploy: 0, reboot: 0, reload: 0, csq: 0 };
  /** Logins made by start() (a reboot logs in again). */
  starts = 0;
  private client: MqttClient | null = null;
  private rssi = 18 + Math.floor(Math.random() * 8);

  constructor(private readonly options: OtaGatewayOptions) {
    this.agent = new OtaAgent({ ...options, report: (progress) => this.publish(progress) });
  }

  get imei(): string {
    return this.options.imei;
  }

  /** Connects and subscribes; resolves once the subscription is in place. */
  async start(): Promise<void> {
    const client = await mqtt.connectAsync(this.options.url, {
      clientId: this.options.imei,
      username: this.options.imei,
      password: this.options.password,
      reconnectPeriod: this.options.reconnectPeriodMs ?? 1000,
      clean: true,
    });
    this.client = client;
    this.starts++;
    const down = deviceTopic(this.options.imei, 'down');
    client.on('message', (topic, payload) => {
      if (topic === down) void this.onDown(payload);
    });
    client.on('connect', () => void client.subscribeAsync(down, { qos: 1 }).catch(() => undefined));
    await client.subscribeAsync(down, { qos: 1 });
  }

  async stop(): Promise<void> {
    const client = this.client;
    this.client = null;
    await client?.endAsync();
  }

  private async publish(progress: OtaProgress): Promise<void> {
    await this.client?.publishAsync(otaTopic(this.options.imei), JSON.stringify(progress), { qos: 1 });
    this.options.onProgress?.(progress);
  }

  private async onDown(payload: Buffer): Promise<void> {
    let message: { cmd_id?: unknown; ota?: unknown };
    try {
      message = JSON.parse(payload.toString('utf8')) as typeof message;
    } catch {
      this.rejected++;
      return;
    }
    if (typeof message.cmd_id !== 'string') return;
    if ((message as { gw?: unknown }).gw !== undefined) return this.onGatewayCommand(message);
    if (message.ota === undefined) return; // neither an OTA notice nor a gateway command
    const notice = otaNotice.safeParse(message.ota);
    const ack = notice.success
      ? { cmd_id: message.cmd_id, ok: true }
      : { cmd_id: message.cmd_id, ok: false, error: 'not a valid OTA notice' };
    await this.client
      ?.publishAsync(deviceTopic(this.options.imei, 'ack'), JSON.stringify(ack), { qos: 1 })
      .catch(() => undefined);
    if (!notice.success) {
      this.rejected++;
      return;
    }
    await this.agent.handle(notice.data).catch(() => undefined);
  }

  private async ack(answer: object): Promise<void> {
    await this.client
      ?.publishAsync(deviceTopic(this.options.imei, 'ack'), JSON.stringify(answer), { qos: 1 })
      .catch(() => undefined);
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
    if (parsed.data.gw.op === 'reboot') await this.reboot();
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

  /** Like a real box: the connection drops, then it logs in again. */
  private async reboot(): Promise<void> {
    const client = this.client;
    if (!client) return;
    await client.endAsync(true).catch(() => undefined);
    if (this.client !== client) return; // stopped meanwhile
    this.client = null;
    await this.start().catch(() => undefined);
  }
}
