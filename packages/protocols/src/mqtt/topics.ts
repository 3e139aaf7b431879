/**
 * Device MQTT topic scheme (DESIGN 8). Every device lives under `d/{imei}/`:
 *   d/{imei}/up    device -> platform telemetry
 *   d/{imei}/down  platform -> device commands
 *   d/{imei}/ack   device -> platform command replies
 *   d/{imei}/state device -> platform `online` on connect, `offline` as its last will (external broker)
 * OTA progress travels on d/{imei}/ota (packages/protocols/src/ota/messages.ts).
 *
 * Access rule: a device may publish and subscribe only under its own `d/{imei}/`. It may not
 * publish to its `down` topic or below it (that is the platform's), and filters whose wildcards could match
 * anything outside its prefix (`#`, `d/+/...`, `$share/...`) are refused.
 */
import { isValidImei } from '../identity.js';

export const TOPIC_KINDS = ['up', 'down', 'ack', 'state', 'ota'] as const;
export type TopicKind = (typeof TOPIC_KINDS)[number];

/** MQTT allows 65535 bytes; we allow far less. */
export const MAX_TOPIC_LENGTH = 256;

export function deviceTopic(imei: string, kind: TopicKind): string {
  if (!isValidImei(imei)) throw new RangeError('imei must be 6-20 digits');
  return `d/${imei}/${kind}`;
}

/** {imei, kind} for one of our device topics, else null. */
export function parseTopic(topic: unknown): { imei: string; kind: TopicKind } | null {
  if (typeof topic !== 'string' || topic.length > MAX_TOPIC_LENGTH) return null;
  const parts = topic.split('/');
  if (parts.length !== 3 || parts[0] !== 'd') return null;
  const [, imei, kind] = parts as [string, string, string];
  if (!isValidImei(imei) || !(TOPIC_KINDS as readonly string[]).includes(kind)) return null;
  return { imei, kind: kind as TopicKind };
}

function wellFormed(topic: unknown): topic is string {
  return (
    typeof topic === 'string' &&
    topic.length > 0 &&
    topic.length <= MAX_TOPIC_LENGTH &&
    !topic.includes('\u0000') &&
    !topic.startsWith('$')
  );
}

/** May the device `clientImei` publish to `topic`? Only under its own prefix, never to `down`. */
export function mayPublish(clientImei: string, topic: string): boolean {
  if (!isValidImei(clientImei) || !wellFormed(topic)) return false;
  if (topic.includes('+') || topic.includes('#')) return false; // wildcards are not allowed in publish
  const prefix = `d/${clientImei}/`;
  if (!topic.startsWith(prefix)) return false;
  const rest = topic.slice(prefix.length).split('/');
  if (rest.some((level) => level.length === 0)) return false;
  if (rest[0] === 'down') return false; // the platform's topic (and anything below it)
  return true;
}

/**
 * May the device subscribe to `filter`? The first two levels must be literally `d` and its own
 * imei; wildcards are allowed only after that (`d/{imei}/#`, `d/{imei}/+`), and must be valid
 * MQTT wildcards (`#` alone and last, `+` alone in its level).
 */
export function maySubscribe(clientImei: string, filter: string): boolean {
  if (!isValidImei(clientImei) || !wellFormed(filter)) return false;
  const levels = filter.split('/');
  if (levels.length < 3 || levels[0] !== 'd' || levels[1] !== clientImei) return false;
  for (let i = 2; i < levels.length; i++) {
    const l = levels[i]!;
    if (l.length === 0) return false;
    if (l.includes('#') && (l !== '#' || i !== levels.length - 1)) return false;
    if (l.includes('+') && l !== '+') return false;
  }
  return true;
}
