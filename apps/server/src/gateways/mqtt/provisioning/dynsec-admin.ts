import { randomUUID } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';

const COMMAND_TOPIC = '$CONTROL/dynamic-security/v1';
const RESPONSE_TOPIC = '$CONTROL/dynamic-security/v1/response';

export interface DynsecCommand {
  command: string;
  [field: string]: unknown;
}

export interface DynsecResponse {
  command: string;
  error?: string;
  data?: Record<string, unknown>;
}

export class DynsecError extends Error {
  constructor(
    readonly command: string,
    readonly reason: string,
  ) {
    super(`dynamic security ${command}: ${reason}`);
    this.name = 'DynsecError';
  }
}

export interface DynsecAdminOptions {
  url: string;
  username?: string;
  password?: string;
  /** How long one command waits for its answer (default 10 s). */
  timeoutMs?: number;
  /** Called on every (re)connection, e.g. to reconcile after a broker restart. */
  onConnect?: () => void;
  onError?: (error: Error) => void;
}

export interface DynsecAdmin {
  /** Runs one command; rejects with DynsecError when the broker answers with an error. */
  run(command: DynsecCommand): Promise<DynsecResponse>;
  connected(): boolean;
  close(): Promise<void>;
}

interface Waiting {
  resolve(response: DynsecResponse): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

/**
 * The admin side of Mosquitto's dynamic security plugin: JSON commands published to
 * `$CONTROL/dynamic-security/v1`, answers read from `.../response` and matched by correlationData.
 * The admin credentials come from the environment and are never logged.
 */
export function connectDynsecAdmin(options: DynsecAdminOptions): DynsecAdmin {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const waiting = new Map<string, Waiting>();
  const client: MqttClient = mqtt.connect(options.url, {
    clientId: `fleet-dynsec-${randomUUID().slice(0, 8)}`,
    username: options.username,
    password: options.password,
    clean: true,
    reconnectPeriod: 2000,
    connectTimeout: 5000,
  });
  let subscribed: Promise<void> = new Promise(() => undefined);
  client.on('connect', () => {
    subscribed = client.subscribeAsync(RESPONSE_TOPIC, { qos: 1 }).then(() => undefined);
    void subscribed.then(
      () => options.onConnect?.(),
      (error: Error) => options.onError?.(error),
    );
  });
  client.on('error', (error) => options.onError?.(error));
  client.on('message', (topic, payload) => {
    if (topic !== RESPONSE_TOPIC) return;
    let responses: Array<DynsecResponse & { correlationData?: string }> = [];
    try {
      responses = (JSON.parse(payload.toString()) as { responses?: typeof responses }).responses ?? [];
    } catch {
      return;
    }
    for (const { correlationData, ...response } of responses) {
      const entry = correlationData ? waiting.get(correlationData) : undefined;
      if (!entry) continue;
      waiting.delete(correlationData!);
      clearTimeout(entry.timer);
      if (response.error) entry.reject(new DynsecError(response.command, response.error));
      else entry.resolve(response);
    }
  });

  /** Waits for a connection with its response subscription, at most the command timeout. */
  const ready = async () => {
    if (client.connected) return subscribed;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        client.off('connect', onConnect);
        reject(new Error('the MQTT admin connection is not up'));
      }, timeoutMs);
      const onConnect = () => {
        clearTimeout(timer);
        resolve();
      };
      client.once('connect', onConnect);
    });
    return subscribed;
  };

  return {
    async run(command) {
      await ready();
      const correlationData = randomUUID();
      const answered = new Promise<DynsecResponse>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(correlationData);
          reject(new DynsecError(command.command, 'no answer from the broker'));
        }, timeoutMs);
        waiting.set(correlationData, { resolve, reject, timer });
      });
      client.publish(COMMAND_TOPIC, JSON.stringify({ commands: [{ ...command, correlationData }] }), {
        qos: 1,
      });
      return answered;
    },
    connected: () => client.connected,
    async close() {
      for (const [id, entry] of waiting) {
        clearTimeout(entry.timer);
        entry.reject(new Error('closed'));
        waiting.delete(id);
      }
      await client.endAsync(true);
    },
  };
}
