import mqtt, { type MqttClient } from 'mqtt';

export interface PublisherOptions {
  imei: string;
  password: string;
  pointName: string;
  /** Message n carries ts = baseTs + n (distinct per message: one history row each). */
  baseTs: number;
  /** Messages per second (sent in ticks of 50 ms). */
  rate: number;
}

export interface AckRecord {
  n: number;
  /** Date.now() when the PUBACK arrived. */
  at: number;
}

/**
 * A device publishing numbered QoS 1 telemetry at a steady rate, recording which message numbers got
 * their PUBACK. Unacknowledged messages are not re-sent by the test (mqtt.js may re-send its own
 * in-flight ones after a reconnect, which the platform must tolerate as duplicates).
 */
export interface Publisher {
  sent: number;
  acked: AckRecord[];
  /** PUBACK-less failures (the client was ended, the connection refused the publish). */
  failed: number;
  connects: number;
  /** Connections lost (any reason). */
  closes: number;
  /** The latest connection errors (refused CONNACK, ECONNREFUSED ...), for failure messages. */
  errors: string[];
  /** Connects to (another) MQTT port; the previous client is ended, its in-flight messages abandoned. */
  connect(port: number): void;
  startSending(): void;
  stopSending(): void;
  /**
   * Waits until every sent message was answered (acked or failed), the timeout passed or `giveUp`
   * says so (the platform died); returns how many were not answered.
   */
  drain(timeoutMs: number, giveUp?: () => boolean): Promise<number>;
  close(): Promise<void>;
  tsOf(n: number): number;
}

export function createPublisher(options: PublisherOptions): Publisher {
  let client: MqttClient | undefined;
  let timer: NodeJS.Timeout | undefined;
  const topic = `d/${options.imei}/up`;
  const perTick = Math.max(1, Math.round(options.rate / 20));
  /** Sent, neither acknowledged nor failed yet. */
  const outstanding = new Set<number>();
  const settle = (n: number, error: Error | undefined) => {
    if (!outstanding.delete(n)) return;
    if (error) publisher.failed += 1;
    else publisher.acked.push({ n, at: Date.now() });
  };

  const publisher: Publisher = {
    sent: 0,
    acked: [],
    failed: 0,
    connects: 0,
    closes: 0,
    errors: [],
    tsOf: (n) => options.baseTs + n,
    connect(port) {
      const previous = client;
      if (previous) {
        // Whatever the old connection still had in flight will never be acknowledged by it.
        for (const n of [...outstanding]) settle(n, new Error('abandoned with the old connection'));
        previous.end(true);
      }
      const next = mqtt.connect({
        host: '127.0.0.1',
        port,
        clientId: options.imei,
        username: options.imei,
        password: options.password,
        protocolVersion: 4,
        clean: true,
        reconnectPeriod: 200,
        // A device keeps trying after a refused CONNACK (e.g. "server unavailable" while the
        // database is down); mqtt.js would give up for good otherwise.
        reconnectOnConnackError: true,
        connectTimeout: 5_000,
        keepalive: 10,
      });
      next.on('connect', () => {
        publisher.connects += 1;
      });
      next.on('close', () => {
        if (client === next) publisher.closes += 1;
      });
      // Connection errors (refused while the platform restarts) are expected; mqtt.js reconnects.
      next.on('error', (error) => {
        publisher.errors.push(error.message);
        if (publisher.errors.length > 10) publisher.errors.shift();
      });
      client = next;
    },
    startSending() {
      if (timer) return;
      timer = setInterval(() => {
        const current = client;
        if (!current) return;
        for (let i = 0; i < perTick; i += 1) {
          publisher.sent += 1;
          const n = publisher.sent;
          const payload = JSON.stringify({ ts: publisher.tsOf(n), values: { [options.pointName]: n } });
          outstanding.add(n);
          current.publish(topic, payload, { qos: 1 }, (error) => settle(n, error ?? undefined));
        }
      }, 50);
    },
    stopSending() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
    async drain(timeoutMs, giveUp = () => false) {
      const deadline = Date.now() + timeoutMs;
      while (outstanding.size > 0 && Date.now() < deadline && !giveUp()) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return outstanding.size;
    },
    async close() {
      publisher.stopSending();
      const current = client;
      client = undefined;
      if (current) await current.endAsync(true);
    },
  };
  return publisher;
}
