/**
 * The OTA side of the device connections (docs/protocols.md "OTA"): the MQTT gateway (embedded broker
 * or client of the external one) plugs in how a message reaches `d/{imei}/down`, and the OTA module
 * plugs in what happens to a gateway's progress from `d/{imei}/ota`. Neither holds rollout state:
 * the plan rows do, so a restart or another instance continues where this one stopped.
 */

/** The device a progress message came from (authenticated by the broker as that IMEI). */
export interface OtaSender {
  deviceId: number;
  imei: string;
  ownerUserId: number;
}

/** What became of one progress message. */
export type OtaProgressOutcome = 'accepted' | 'malformed' | 'unmatched';

export interface OtaCounters {
  /** Progress messages that moved a device of a plan. */
  progress: number;
  /** Progress payloads outside the schema (dropped). */
  malformed: number;
  /** Valid progress naming no plan device waiting for it (late, repeated, another tenant's). */
  unmatched: number;
  /** Notices handed to the broker. */
  notices: number;
}

export interface OtaChannel {
  /** Publishes to `d/{imei}/down` (QoS 1); false when no MQTT transport runs in this process. */
  publishDown(imei: string, payload: string): Promise<boolean>;
  /** Set by the MQTT gateway while it runs; null detaches. */
  setTransport(publish: ((topic: string, payload: string) => Promise<void>) | null): void;
  /** A message on `d/{imei}/ota`; resolves once it is stored (the broker acknowledges then). */
  progress(sender: OtaSender, payload: Uint8Array): Promise<void>;
  setProgressHandler(
    handler: ((sender: OtaSender, payload: Uint8Array) => Promise<OtaProgressOutcome>) | null,
  ): void;
  counters(): OtaCounters;
}

export function createOtaChannel(): OtaChannel {
  let transport: ((topic: string, payload: string) => Promise<void>) | null = null;
  let handler: ((sender: OtaSender, payload: Uint8Array) => Promise<OtaProgressOutcome>) | null = null;
  const counters: OtaCounters = { progress: 0, malformed: 0, unmatched: 0, notices: 0 };
  return {
    async publishDown(imei, payload) {
      if (!transport) return false;
      await transport(`d/${imei}/down`, payload);
      counters.notices++;
      return true;
    },
    setTransport(publish) {
      transport = publish;
    },
    async progress(sender, payload) {
      if (!handler) {
        counters.unmatched++;
        return;
      }
      const outcome = await handler(sender, payload);
      if (outcome === 'accepted') counters.progress++;
      else counters[outcome]++;
    },
    setProgressHandler(next) {
      handler = next;
    },
    counters: () => ({ ...counters }),
  };
}
