/** One row of the online/offline log: status 1 online, 0 offline. */
export interface Transition {
  status: number;
  at: Date;
}

/**
 * Seconds a device spent offline within [from, end], from its online/offline transitions.
 * `before` is the last transition before `from` (the state the period starts in; unknown counts as
 * online); `inRange` the transitions in [from, end] oldest first. An offline interval still open
 * at `end` counts up to `end`; callers clip `end` to now. Repeated offline rows do not restart it.
 */
export function offlineSeconds(
  before: Transition | undefined,
  inRange: readonly Transition[],
  from: Date,
  end: Date,
): number {
  if (end.getTime() <= from.getTime()) return 0;
  let offlineSince: number | null = before?.status === 0 ? from.getTime() : null;
  let total = 0;
  for (const t of inRange) {
    const at = Math.min(Math.max(t.at.getTime(), from.getTime()), end.getTime());
    if (t.status === 0 && offlineSince === null) offlineSince = at;
    else if (t.status !== 0 && offlineSince !== null) {
      total += at - offlineSince;
      offlineSince = null;
    }
  }
  if (offlineSince !== null) total += end.getTime() - offlineSince;
  return Math.floor(total / 1000);
}
