/**
 * A simulated OTA gateway on MQTT (docs/protocols.md "OTA"): it logs in like any MQTT device (client
 * id and username = IMEI, password = the MQTT secret of the device with that IMEI in the platform's
 * device registry), subscribes to `d/{imei}/down`, acknowledges each OTA notice on `d/{imei}/ack`,
 * hands it to its OtaAgent (which verifies, downloads with resume, applies and reboots) and publishes
 * every step the agent reports on `d/{imei}/ota`.
 */

import { deviceTopic, type OtaProgress, otaNotice, otaTopic } from '@fleet/protocols';
import mqtt, { type MqttClient } from 'mqtt';
import { OtaAgent, type OtaAgentOptions } from './ota-agent.js';

export interface OtaGatewayOptions extends Omit<OtaAgentOptions, 'report'> {
  url: string;
  imei: string;
  password: string;
  reconnectPeriodMs?: number;
  /** Every step reported, after it was published (tests and the demo watch these). */
  onProgress?: (progress: OtaProgress) => void;
}

export class OtaGateway {
  readonly agent: OtaAgent;
  /** Notices that were not valid OTA notices (acknowledged with ok: false). */
  rejected = 0;
  private client: MqttClient | null = null;

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
    if (typeof message.cmd_id !== 'string' || message.ota === undefined) return; // not an OTA notice
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
}
