import { storedTimestamps } from './fleet-db.js';
import type { Publisher } from './publisher.js';

export interface Verdict {
  sent: number;
  acked: number;
  failed: number;
  unanswered: number;
  stored: number;
  /** Acknowledged message numbers with no history row: must be empty. */
  lost: number[];
  /** Stored but never acknowledged (in flight at the fault): allowed, reported for the record. */
  storedUnacked: number;
}

/** Compares what the device was told is durable with what the database holds. */
export async function verdict(
  url: string,
  pointId: number,
  publisher: Pick<Publisher, 'sent' | 'acked' | 'failed' | 'tsOf'>,
  unanswered: number,
): Promise<Verdict> {
  return verdictOf(await storedTimestamps(url, pointId), publisher, unanswered);
}

/** The same comparison for history read some other way (the embedded database's own files). */
export function verdictOf(
  stored: Set<number>,
  publisher: Pick<Publisher, 'sent' | 'acked' | 'failed' | 'tsOf'>,
  unanswered: number,
): Verdict {
  const acked = new Set(publisher.acked.map((a) => a.n));
  const lost = [...acked].filter((n) => !stored.has(publisher.tsOf(n))).sort((a, b) => a - b);
  let storedUnacked = 0;
  for (let n = 1; n <= publisher.sent; n += 1) {
    if (!acked.has(n) && stored.has(publisher.tsOf(n))) storedUnacked += 1;
  }
  const result: Verdict = {
    sent: publisher.sent,
    acked: acked.size,
    failed: publisher.failed,
    unanswered,
    stored: stored.size,
    lost,
    storedUnacked,
  };
  return result;
}

/** One line for the test output (the figures the issue asks to report). */
export function describeVerdict(name: string, v: Verdict, extra: Record<string, number> = {}): string {
  const fields = { ...v, lost: v.lost.length, ...extra };
  return `[durability] ${name}: ${Object.entries(fields)
    .map(([k, value]) => `${k}=${value}`)
    .join(' ')}`;
}
