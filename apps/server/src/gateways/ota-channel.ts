/**
 * The OTA side of the device connections (docs/protocols.md "OTA"): the MQTT gateway (embedded broker
 * or client of the external one) plugs in how a message reaches `d/{imei}/down`, and the OTA module
 * plugs in what happens to a gateway's progress from `d/{imei}/ota`. Neither holds rollout state:
 * the plan rows do, so a restart or another instance continues where this one stopped.
 * A DTU gateway on its TCP link (docs/protocols.md "Control frames on the DTU link") attaches its
 * session here by IMEI: its notices go down the TCP link instead of the broker, through the bus to the
 * instance holding the session in scale-out mode.
 */
import type { EventBus } from '../platform/bus/event-bus.js';

/** Bus channel: a notice for a DTU gateway whose session another instance may hold. */
export const OTA_TCP_DOWN = 'ota.tcp-down';

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
  /** Notices sent down a DTU gateway's TCP link (this instance's sessions). */
  tcpNotices: number;
}

/** Sends a `d/{imei}/down` message down a DTU session's TCP link. */
export type TcpDownLink = (payload: string) => Promise<void>;

export interface OtaChannel {
  /**
   * Publishes to `d/{imei}/down` (QoS 1), or down the TCP link of the IMEI's DTU session; false when
   * no transport runs in this process for it.
   */
  publishDown(imei: string, payload: string): Promise<boolean>;
  /** A DTU session of this instance takes the notices of `imei`; the returned function detaches it. */
  attachTcp(imei: string, send: TcpDownLink): () => void;
  /** Set by the MQTT gateway while it runs; null detaches. */
  setTransport(publish: ((topic: string, payload: string) => Promise<void>) | null): void;
  /** A message on `d/{imei}/ota`; resolves once it is stored (the broker acknowledges then). */
  progress(sender: OtaSender, payload: Uint8Array): Promise<void>;
  setProgressHandler(
    handler: ((sender: OtaSender, payload: Uint8Array) => Promise<OtaProgressOutcome>) | null,
  ): void;
  counters(): OtaCounters;
}

export interface OtaChannelDeps {
  bus?: EventBus;
  /** Does this IMEI log in as a DTU gateway (TCP)? Then a notice not held here goes over the bus. */
  connectsOverTcp?: (imei: string) => Promise<boolean>;
  logError?: (error: unknown, message: string) => void;
}

export function createOtaChannel(deps: OtaChannelDeps = {}): OtaChannel {
  let transport: ((topic: string, payload: string) => Promise<void>) | null = null;
  let handler: ((sender: OtaSender, payload: Uint8Array) => Promise<OtaProgressOutcome>) | null = null;
  const counters: OtaCounters = { progress: 0, malformed: 0, unmatched: 0, notices: 0, tcpNotices: 0 };
  const tcpLinks = new Map<string, TcpDownLink>();
  const sendTcp = async (link: TcpDownLink, payload: string) => {
    await link(payload);
    counters.tcpNotices++;
  };
  deps.bus?.subscribe(OTA_TCP_DOWN, (message) => {
    const { imei, payload } = (message ?? {}) as { imei?: unknown; payload?: unknown };
    const link = typeof imei === 'string' ? tcpLinks.get(imei) : undefined;
    if (!link || typeof payload !== 'string') return; // another instance holds it, or nobody
    sendTcp(link, payload).catch((error) => deps.logError?.(error, `OTA notice to ${imei} not sent`));
  });
  return {
    async publishDown(imei, payload) {
      const link = tcpLinks.get(imei);
      if (link) {
        await sendTcp(link, payload);
        return true;
      }
      if (deps.bus && (await deps.connectsOverTcp?.(imei))) {
        deps.bus.publish(OTA_TCP_DOWN, { imei, payload });
        return true;
      }
      if (!transport) return false;
      await transport(`d/${imei}/down`, payload);
      counters.notices++;
      return true;
    },
    attachTcp(imei, send) {
      tcpLinks.set(imei, send);
      return () => {
        // A newer session of the same IMEI may have attached already: only remove our own.
        if (tcpLinks.get(imei) === send) tcpLinks.delete(imei);
      };
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
