/**
 * A simulated OTA gateway on MQTT (docs/protocols.md "OTA"): it logs in like any MQTT device (client
 * id and username = IMEI, password = the MQTT secret of the device with that IMEI in the platform's
 * device registry), subscribes to `d/{imei}/down`, acknowledges each OTA notice on `d/{imei}/ack`,
 * hands it to its OtaAgent (which verifies, downloads with resume, applies and reboots) and publishes
 * every step the agent reports on `d/{imei}/ota`. It answers the gateway commands of SPEC 7 too
 * (docs/protocols.md "Gateway commands"): deploy applies the pushed parameter document, reboot
 * acknowledges and reconnects, reload re-reads its parameters, csq answers rssi and ber.
 */

import { deviceTopic, type OtaProgress, otaTopic } from '@fleet/protocols';
import mqtt, { type MqttClient } from 'mqtt';
import { type DownHandlerOptions, GatewayDownHandler } from './gateway-down.js';
import { OtaAgent, type OtaAgentOptions } from './ota-agent.js';

export interface OtaGatewayOptions extends Omit<OtaAgentOptions, 'report'>, DownHandlerOptions {
  url: string;
  imei: string;
  password: string;
  reconnectPeriodMs?: number;
  /** Every step reported, after it was published (tests and the demo watch these). */
  onProgress?: (progress: OtaProgress) => void;
}

export class OtaGateway {
  readonly agent: OtaAgent;
  /** What it does with each message on `d/{imei}/down` (shared with the DTU gateway's TCP link). */
  readonly down: GatewayDownHandler;
  /** Logins made by start() (a reboot logs in again). */
  starts = 0;
  private client: MqttClient | null = null;

  constructor(private readonly options: OtaGatewayOptions) {
    this.agent = new OtaAgent({ ...options, report: (progress) => this.publish(progress) });
    this.down = new GatewayDownHandler(
      this.agent,
      { ack: (answer) => this.ack(answer), reboot: () => this.reboot() },
      options,
    );
  }

  get imei(): string {
    return this.options.imei;
  }

  /** Notices that were not valid OTA notices and commands that were not valid (answered ok: false). */
  get rejected(): number {
    return this.down.rejected;
  }

  /** Gateway commands handled, by op (tests and the demo look at these). */
  get handled(): GatewayDownHandler['handled'] {
    return this.down.handled;
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
      if (topic === down) void this.down.handle(payload);
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

  private async ack(answer: object): Promise<void> {
    await this.client?.publishAsync(deviceTopic(this.options.imei, 'ack'), JSON.stringify(answer), {
      qos: 1,
    });
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
