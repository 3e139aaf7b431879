import { FIRE_CODES } from '@fleet/contracts';

/**
 * The condition tables of docs/api-alarms.md "Conditions", as pure functions of one value.
 * `isActive` decides while no alarm is open, `isClear` while one is (the deadband is the hysteresis).
 */
export interface LimitRule {
  /** SPEC 4 trigger_optype 1-7. */
  optype: number;
  lolmt: number | null;
  uplmt: number | null;
  /** d ≥ 0; a negative value is treated as 0. */
  deadband: number;
}

/** The single limit of optype 1-5: 1, 2, 5 prefer the upper limit, 3, 4 the lower one. */
function singleLimit(rule: LimitRule): number | null {
  if (rule.optype === 3 || rule.optype === 4) return rule.lolmt ?? rule.uplmt;
  return rule.uplmt ?? rule.lolmt;
}

/** Both limits of optype 6-7, null when either is missing. */
function range(rule: LimitRule): { lo: number; up: number } | null {
  if (rule.lolmt === null || rule.uplmt === null) return null;
  return { lo: rule.lolmt, up: rule.uplmt };
}

/** A trigger whose limits are missing (or whose optype is unknown) never alarms and never clears. */
export function isInert(rule: LimitRule): boolean {
  if (rule.optype === 6 || rule.optype === 7) return range(rule) === null;
  if (rule.optype < 1 || rule.optype > 5) return true;
  return singleLimit(rule) === null;
}

/** "alarm while": the condition holds for v. */
export function isActive(rule: LimitRule, v: number): boolean {
  if (!Number.isFinite(v)) return false;
  if (rule.optype === 6 || rule.optype === 7) {
    const r = range(rule);
    if (!r) return false;
    return rule.optype === 6 ? r.lo <= v && v <= r.up : v < r.lo || v > r.up;
  }
  const limit = singleLimit(rule);
  if (limit === null) return false;
  switch (rule.optype) {
    case 1:
      return v > limit;
    case 2:
      return v >= limit;
    case 3:
      return v < limit;
    case 4:
      return v <= limit;
    case 5:
      return v === limit;
    default:
      return false;
  }
}

/** "recovers when": v is clear of the limit by the deadband (only asked while an alarm is open). */
export function isClear(rule: LimitRule, v: number): boolean {
  if (!Number.isFinite(v)) return false;
  const d = Math.max(0, rule.deadband);
  if (rule.optype === 6 || rule.optype === 7) {
    const r = range(rule);
    if (!r) return false;
    return rule.optype === 6 ? v < r.lo - d || v > r.up + d : r.lo + d <= v && v <= r.up - d;
  }
  const limit = singleLimit(rule);
  if (limit === null) return false;
  switch (rule.optype) {
    case 1:
      return v <= limit - d;
    case 2:
      return v < limit - d;
    case 3:
      return v >= limit + d;
    case 4:
      return v > limit + d;
    case 5:
      return Math.abs(v - limit) > d;
    default:
      return false;
  }
}

/** The fire code a 'code' trigger sees in v: 101-108, or 0 (clear) for anything else. */
export function fireCodeOf(v: number): number {
  return (FIRE_CODES as readonly number[]).includes(v) ? v : 0;
}

/**
 * Stale rule: no reading for `staleS` seconds (at exactly staleS it is stale). The reference of a
 * point that never reported is the later of the trigger's last change and the engine start.
 */
export function isStale(
  now: number,
  staleS: number,
  latestAt: number | null,
  triggerUpdatedAt: number,
  engineStartedAt: number,
): boolean {
  if (staleS <= 0) return false;
  const reference = latestAt ?? Math.max(triggerUpdatedAt, engineStartedAt);
  return now - reference >= staleS * 1000;
}
