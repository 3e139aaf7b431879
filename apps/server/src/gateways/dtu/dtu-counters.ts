/** What the DTU gateway counts (all totals since start, except `connections` and `online`). */
export interface DtuCounters {
  /** Sockets open now (registered or not). */
  connections: number;
  /** Registered sessions open now. */
  online: number;
  accepted: number;
  registered: number;
  /** An earlier connection of the same device closed by a new registration. */
  replaced: number;
  /** Connections refused, by reason: malformed, unknown, key, legacy, expired, timeout, overflow, error. */
  rejected: Record<string, number>;
  heartbeats: number;
  /** Modbus requests sent, answers matched, timeouts, exception answers, invalid answers. */
  requests: number;
  responses: number;
  timeouts: number;
  exceptions: number;
  invalid: number;
  /** Stream events dropped: CRC-valid frames nobody asked for (mismatch) and garbage runs. */
  badFrames: number;
  garbageBytes: number;
  pollCycles: number;
  /** Readings handed to the pipeline (polls and confirmed writes). */
  readings: number;
  /** Readings replaced by a newer value of the same point while an ingest was outstanding. */
  readingsMerged: number;
  decodeErrors: number;
  writes: number;
  /** Control frames received (docs/protocols.md "Control frames on the DTU link"). */
  controlFrames: number;
  /** Control frames dropped: bad header, length or CRC, a payload outside its schema, a wrong channel. */
  controlMalformed: number;
  /** Gateway command answers that settled a waiting command, and answers nobody waited for. */
  acks: number;
  unknownAcks: number;
}

export type RejectReason =
  | 'malformed'
  | 'unknown'
  | 'key'
  | 'legacy'
  | 'expired'
  | 'timeout'
  | 'overflow'
  | 'error';

export const emptyCounters = (): DtuCounters => ({
  connections: 0,
  online: 0,
  accepted: 0,
  registered: 0,
  replaced: 0,
  rejected: {},
  heartbeats: 0,
  requests: 0,
  responses: 0,
  timeouts: 0,
  exceptions: 0,
  invalid: 0,
  badFrames: 0,
  garbageBytes: 0,
  pollCycles: 0,
  readings: 0,
  readingsMerged: 0,
  decodeErrors: 0,
  writes: 0,
  controlFrames: 0,
  controlMalformed: 0,
  acks: 0,
  unknownAcks: 0,
});
