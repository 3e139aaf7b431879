import { createHash } from 'node:crypto';
import {
  ENFORCEMENT_GENESIS_HASH,
  type EnforcementBreak,
  type EnforcementFileKind,
  type EnforcementType,
} from '@fleet/contracts';

/** The hashed fields of a record, as stored. */
export interface ChainRecord {
  ownerUserId: number;
  seq: number;
  type: EnforcementType;
  deviceRef: number | null;
  deviceTitle: string;
  assetId: number | null;
  site: string;
  /** numeric(10,7) as text: '31.2304000'. */
  lat: string | null;
  lng: string | null;
  occurredAt: Date;
  officerId: number;
  officerName: string;
  description: string;
  createdAt: Date;
  prevHash: string;
}

export interface ChainFile {
  hash: string;
  kind: EnforcementFileKind;
  mime: string;
  size: number;
}

/**
 * The canonical serialisation (docs/maintenance.md "Canonical serialisation"): compact JSON (no
 * whitespace, JSON.stringify escaping) of one object with exactly these keys in this order; times are
 * ISO 8601 UTC with milliseconds, coordinates the stored 7-decimal strings, files in their order.
 * Version 1. Changing anything here breaks every stored chain: add a version instead.
 */
export function canonicalOf(r: ChainRecord, files: readonly ChainFile[]): string {
  return JSON.stringify({
    v: 1,
    tenant: r.ownerUserId,
    seq: r.seq,
    type: r.type,
    device_id: r.deviceRef,
    device_title: r.deviceTitle,
    asset_id: r.assetId,
    site: r.site,
    lat: r.lat,
    lng: r.lng,
    occurred_at: r.occurredAt.toISOString(),
    officer_id: r.officerId,
    officer_name: r.officerName,
    description: r.description,
    created_at: r.createdAt.toISOString(),
    files: files.map((f) => ({ hash: f.hash, kind: f.kind, mime: f.mime, size: f.size })),
    prev_hash: r.prevHash,
  });
}

export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** A coordinate as numeric(10,7) stores and returns it (never '-0.0000000'). */
export function coordinateText(value: number | null): string | null {
  if (value === null) return null;
  const text = (Math.round(value * 1e7) / 1e7).toFixed(7);
  return /^-0\.0+$/.test(text) ? text.slice(1) : text;
}

export interface ChainLink extends ChainRecord {
  id: number;
  hash: string;
  files: ChainFile[];
}

export interface ChainBreak {
  id: number;
  seq: number;
  reason: EnforcementBreak;
  expectedSeq: number | null;
}

/**
 * Walks records in seq order, carrying the predecessor between pages. A record breaks the chain by
 * `broken_link` when it does not follow its predecessor (seq not the next one, or prev_hash not the
 * predecessor's hash: a record was removed or re-hashed) and by `hash_mismatch` when its own fields
 * and files no longer give its hash (something was changed in place).
 */
export function createChainWalker() {
  let previous: { seq: number; hash: string } | null = null;
  let checked = 0;
  return {
    get checked() {
      return checked;
    },
    get head(): string | null {
      return previous?.hash ?? null;
    },
    /** The first break in `links`, or null. */
    check(links: readonly ChainLink[]): ChainBreak | null {
      for (const link of links) {
        checked += 1;
        const expectedSeq = previous ? previous.seq + 1 : 1;
        const expectedPrev = previous ? previous.hash : ENFORCEMENT_GENESIS_HASH;
        if (link.seq !== expectedSeq || link.prevHash !== expectedPrev)
          return { id: link.id, seq: link.seq, reason: 'broken_link', expectedSeq };
        if (sha256Hex(canonicalOf(link, link.files)) !== link.hash)
          return { id: link.id, seq: link.seq, reason: 'hash_mismatch', expectedSeq: null };
        previous = { seq: link.seq, hash: link.hash };
      }
      return null;
    },
  };
}
