import mqtt, { type MqttClient } from 'mqtt';
import type { SessionSlot } from './session-slots.repository.js';

export interface DrainOptions {
  url: string;
  /** The session expiry the owner connects with (its session must not be shortened by connecting). */
  sessionExpiryS: number;
  /** Stores one message; true when it may be acknowledged (false: closing, leave it to the broker). */
  handle: (topic: string, payload: Buffer) => Promise<boolean>;
  /** The drain ends once no message arrived for this long and none is being stored (default 2 s). */
  idleMs?: number;
  /** Upper bound of one drain (default 60 s); what is left stays queued for the next one. */
  maxMs?: number;
}

export interface DrainResult {
  /** Messages stored and acknowledged. */
  handled: number;
  /** The owner came back and took its session over: the session is its own again, not ended. */
  takenOver: boolean;
  /** The broker had no session under this name any more (expired, or ended by an earlier drain). */
  absent: boolean;
}

/**
 * Drains another instance's abandoned broker session: connects under its client ids without clean
 * start (so the broker hands over the messages it queued for it), stores each one before its PUBACK,
 * and once the queue is idle disconnects with session expiry 0, which ends the session and takes the
 * dead member out of the shared subscription group, so the broker routes every new message to the
 * running instances. If the owner reconnects meanwhile the broker disconnects us (session taken
 * over) and nothing is ended: no automatic reconnect here, the session is the owner's again.
 */
export async function drainSession(slot: SessionSlot, options: DrainOptions): Promise<DrainResult> {
  const idleMs = options.idleMs ?? 2000;
  const deadline = Date.now() + (options.maxMs ?? 60_000);
  let handled = 0;
  let pending = 0;
  let lastMessageAt = Date.now();
  let takenOver = false;
  let absent = true;
  const members: MqttClient[] = [];

  const onMessage = (topic: string, payload: Buffer, done?: (code: number) => void) => {
    pending++;
    lastMessageAt = Date.now();
    void options.handle(topic, payload).then((stored) => {
      pending--;
      lastMessageAt = Date.now();
      if (!stored) return;
      handled++;
      done?.(0);
    });
  };

  try {
    for (let i = 0; i < slot.connections; i++) {
      const client = mqtt.connect(options.url, {
        clientId: `fleet-${slot.sessionId}-${i}`,
        clean: false,
        properties: { sessionExpiryInterval: options.sessionExpiryS },
        reconnectPeriod: 0,
        protocolVersion: 5,
        customHandleAcks: (topic, message, _packet, done) => onMessage(topic, message, done),
      });
      client.on('message', (topic, message, packet) => {
        if (packet.qos === 0) onMessage(topic, message);
      });
      client.on('disconnect', (packet) => {
        if (packet.reasonCode === 0x8e) takenOver = true; // session taken over
      });
      client.on('error', () => undefined); // a refused or lost drain is retried at the next tick
      members.push(client);
      const connack = await new Promise<{ sessionPresent: boolean }>((resolve, reject) => {
        client.once('connect', resolve);
        client.once('error', reject);
        client.once('close', () => reject(new Error('connection closed before CONNACK')));
      });
      if (connack.sessionPresent) absent = false;
    }
    while (Date.now() < deadline && !takenOver && members.every((m) => m.connected)) {
      if (pending === 0 && Date.now() - lastMessageAt >= idleMs) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (members.some((m) => !m.connected)) takenOver = true;
  } finally {
    const end = !takenOver && pending === 0;
    await Promise.all(
      members.map((m) =>
        m.connected && end
          ? m.endAsync(false, { properties: { sessionExpiryInterval: 0 } }).catch(() => undefined)
          : m.endAsync(true).catch(() => undefined),
      ),
    );
  }
  return { handled, takenOver, absent };
}
