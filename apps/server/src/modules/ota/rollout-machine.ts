/**
 * The rollout of one OTA plan as a pure function (DESIGN 13): given the plan's policy, its state and
 * where each device stands, it answers what the plan becomes and which devices to notify now. The job
 * layer's rollout tick calls it; keeping it pure lets the thresholds be tested exhaustively.
 *
 * - Groups run in order. A group starts when every earlier group has finished (each device reported
 *   or failed) and reached the success percentage; one that finished below it pauses the plan, and a
 *   resume accepts it (`acceptedThroughGroup`) so the rollout goes on.
 * - Failures above the failure percentage of the whole plan abort it; the devices not finished then
 *   fail with reason `aborted`, so every device ends in exactly one final state.
 * - At most `ratePerMinute` notices go out per rolling minute.
 */
import { OTA_FINAL_STATES, type OtaDeviceState, type OtaPlanState } from '@fleet/contracts';

export interface RolloutPolicy {
  /** Devices per group in order; the devices beyond their sum form one last group. */
  groupSizes: readonly number[];
  /** Share of a group (0-100) that must report success before the next group starts. */
  successPercent: number;
  /** Share of all devices (0-100) that may fail; above it the plan aborts. */
  failurePercent: number;
  ratePerMinute: number;
}

export interface RolloutDevice {
  id: number;
  state: OtaDeviceState;
}

export interface RolloutInput {
  state: OtaPlanState;
  policy: RolloutPolicy;
  /** In rollout order: the group of a device is given by its position. */
  devices: readonly RolloutDevice[];
  /** Notices sent in the last 60 s. */
  notifiedLastMinute: number;
  /** Groups up to this index finished below the success share and were accepted by a resume. */
  acceptedThroughGroup: number;
}

export type RolloutReason = 'failure-threshold' | 'group-below-success';

export interface RolloutStep {
  state: OtaPlanState;
  reason: RolloutReason | null;
  /** Devices to notify now, in rollout order. */
  notify: number[];
  /** Devices to fail with reason `aborted` (the plan aborted with them unfinished). */
  abort: number[];
}

/** Group index of each position: `groupSizes` in order, the rest in one last group. */
export function groupOf(policy: RolloutPolicy, count: number): number[] {
  const groups: number[] = [];
  policy.groupSizes.forEach((size, g) => {
    for (let i = 0; i < size && groups.length < count; i += 1) groups.push(g);
  });
  while (groups.length < count) groups.push(policy.groupSizes.length);
  return groups;
}

const isFinal = (d: RolloutDevice) => OTA_FINAL_STATES.has(d.state);
const unfinished = (devices: readonly RolloutDevice[]) => devices.filter((d) => !isFinal(d)).map((d) => d.id);

export function stepRollout(input: RolloutInput): RolloutStep {
  const { policy, devices } = input;
  const idle = (state: OtaPlanState, reason: RolloutReason | null = null): RolloutStep => ({
    state,
    reason,
    notify: [],
    abort: state === 'aborted' ? unfinished(devices) : [],
  });
  if (input.state !== 'running') return idle(input.state);
  if (devices.length === 0) return idle('completed');

  const failed = devices.filter((d) => d.state === 'failed').length;
  if ((failed * 100) / devices.length > policy.failurePercent) return idle('aborted', 'failure-threshold');
  if (devices.every(isFinal)) return idle('completed');

  const groups = groupOf(policy, devices.length);
  const members = new Map<number, RolloutDevice[]>();
  devices.forEach((d, i) => {
    const g = groups[i]!;
    members.set(g, [...(members.get(g) ?? []), d]);
  });
  // The groups allowed to run: in order, while each earlier one finished at or above the success share.
  let open = 0;
  for (const [g, list] of [...members.entries()].sort(([a], [b]) => a - b)) {
    open = g;
    if (!list.every(isFinal)) break;
    const reported = list.filter((d) => d.state === 'reported').length;
    if ((reported * 100) / list.length < policy.successPercent && g > input.acceptedThroughGroup) {
      return idle('paused', 'group-below-success');
    }
  }
  const budget = Math.max(0, policy.ratePerMinute - input.notifiedLastMinute);
  const notify = devices
    .filter((d, i) => groups[i]! <= open && d.state === 'queued')
    .slice(0, budget)
    .map((d) => d.id);
  return { state: 'running', reason: null, notify, abort: [] };
}

/** A random start delay in whole seconds in [0, maxSeconds], so a group does not hit the server at once. */
export function startDelaySeconds(maxSeconds: number, random: () => number = Math.random): number {
  return Math.floor(random() * (Math.max(0, Math.floor(maxSeconds)) + 1));
}
