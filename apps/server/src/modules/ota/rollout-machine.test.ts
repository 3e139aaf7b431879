import {
  OTA_DEVICE_STATES,
  OTA_DEVICE_TRANSITIONS,
  OTA_FINAL_STATES,
  type OtaDeviceState,
  otaDeviceNext,
} from '@fleet/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  groupOf,
  type RolloutInput,
  type RolloutPolicy,
  startDelaySeconds,
  stepRollout,
} from './rollout-machine.js';

const policy: RolloutPolicy = {
  groupSizes: [2, 4],
  successPercent: 50,
  failurePercent: 30,
  ratePerMinute: 100,
};
const devices = (states: OtaDeviceState[]) => states.map((state, i) => ({ id: i + 1, state }));
const input = (states: OtaDeviceState[], over: Partial<RolloutInput> = {}): RolloutInput => ({
  state: 'running',
  policy,
  devices: devices(states),
  notifiedLastMinute: 0,
  acceptedThroughGroup: -1,
  ...over,
});
const q = (n: number) => Array<OtaDeviceState>(n).fill('queued');

describe('OTA device states (DESIGN 13)', () => {
  it('final states take no event; every other state can fail', () => {
    for (const state of OTA_DEVICE_STATES) {
      if (OTA_FINAL_STATES.has(state)) expect(OTA_DEVICE_TRANSITIONS[state]).toEqual({});
      else expect(otaDeviceNext(state, 'fail')).toBe('failed');
    }
  });

  it('the firmware path and the parameter path reach reported; nothing goes backwards', () => {
    const walk = (events: Parameters<typeof otaDeviceNext>[1][]) =>
      events.reduce<OtaDeviceState | null>((s, e) => (s ? otaDeviceNext(s, e) : null), 'queued');
    expect(walk(['notify', 'download', 'verify', 'apply', 'report'])).toBe('reported');
    expect(walk(['notify', 'apply', 'report'])).toBe('reported');
    expect(walk(['notify', 'download', 'apply'])).toBeNull(); // applying unverified bytes
    expect(walk(['notify', 'download', 'download'])).toBeNull();
    const order = (s: OtaDeviceState) => OTA_DEVICE_STATES.indexOf(s);
    for (const state of OTA_DEVICE_STATES) {
      for (const next of Object.values(OTA_DEVICE_TRANSITIONS[state]))
        expect(order(next)).toBeGreaterThan(order(state));
    }
  });
});

describe('stepRollout', () => {
  it('groups follow the sizes, the rest is one last group', () => {
    expect(groupOf(policy, 9)).toEqual([0, 0, 1, 1, 1, 1, 2, 2, 2]);
    expect(groupOf(policy, 3)).toEqual([0, 0, 1]);
  });

  it('starts with the first group only', () => {
    expect(stepRollout(input(q(9))).notify).toEqual([1, 2]);
  });

  it('the next group starts when the earlier one finished at the success share', () => {
    const step = stepRollout(input(['reported', 'failed', ...q(7)]));
    expect(step.state).toBe('running');
    expect(step.notify).toEqual([3, 4, 5, 6]);
    // Still running in group 0: nothing more.
    expect(stepRollout(input(['reported', 'downloading', ...q(7)])).notify).toEqual([]);
  });

  it('a finished group below the success share pauses; a resume accepts it and goes on', () => {
    const below = input(['failed', 'failed', ...q(10)], { policy: { ...policy, failurePercent: 100 } });
    expect(stepRollout(below)).toMatchObject({ state: 'paused', reason: 'group-below-success', notify: [] });
    const resumed = stepRollout({ ...below, acceptedThroughGroup: 0 });
    expect(resumed.state).toBe('running');
    expect(resumed.notify).toEqual([3, 4, 5, 6]);
  });

  it('failures above the threshold abort and fail every unfinished device', () => {
    // 3 of 9 failed = 33% > 30%
    const step = stepRollout(input(['failed', 'failed', 'failed', 'notified', ...q(5)]));
    expect(step).toMatchObject({ state: 'aborted', reason: 'failure-threshold', notify: [] });
    expect(step.abort).toEqual([4, 5, 6, 7, 8, 9]);
    // exactly at the threshold is not above it
    const atThreshold = { ...policy, failurePercent: (2 * 100) / 9 };
    expect(stepRollout(input(['failed', 'failed', ...q(7)], { policy: atThreshold })).state).not.toBe(
      'aborted',
    );
  });

  it('respects the rate per rolling minute', () => {
    const slow = { ...policy, groupSizes: [], ratePerMinute: 3 };
    expect(stepRollout(input(q(9), { policy: slow })).notify).toEqual([1, 2, 3]);
    expect(stepRollout(input(q(9), { policy: slow, notifiedLastMinute: 2 })).notify).toEqual([1]);
    expect(stepRollout(input(q(9), { policy: slow, notifiedLastMinute: 5 })).notify).toEqual([]);
  });

  it('paused, aborted and completed plans notify nobody; all final completes', () => {
    expect(stepRollout(input(q(3), { state: 'paused' })).notify).toEqual([]);
    expect(
      stepRollout(input(['reported', 'reported', 'failed'], { policy: { ...policy, failurePercent: 50 } }))
        .state,
    ).toBe('completed');
    expect(stepRollout(input([])).state).toBe('completed');
  });

  it('property: driven to the end, every device finishes in exactly one final state', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 40 }),
        fc.array(fc.integer({ min: 0, max: 8 }), { maxLength: 3 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 1, max: 10 }),
        fc.infiniteStream(fc.boolean()),
        (count, groupSizes, successPercent, failurePercent, ratePerMinute, outcomes) => {
          const p: RolloutPolicy = { groupSizes, successPercent, failurePercent, ratePerMinute };
          let state: RolloutInput['state'] = 'running';
          let accepted = -1;
          const list = devices(q(count));
          for (let tick = 0; tick < 10_000 && (state === 'running' || state === 'paused'); tick += 1) {
            if (state === 'paused') {
              // The operator resumes, accepting every group so far.
              accepted = Number.MAX_SAFE_INTEGER;
              state = 'running';
            }
            const step = stepRollout({
              state,
              policy: p,
              devices: list,
              notifiedLastMinute: 0,
              acceptedThroughGroup: accepted,
            });
            state = step.state;
            for (const id of step.abort) list[id - 1]!.state = 'failed';
            // Each notified device finishes, successfully or not.
            for (const id of step.notify) list[id - 1]!.state = outcomes.next().value ? 'reported' : 'failed';
          }
          expect(['completed', 'aborted']).toContain(state);
          expect(list.every((d) => OTA_FINAL_STATES.has(d.state))).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('start delays fall in [0, max]', () => {
    expect(startDelaySeconds(30, () => 0)).toBe(0);
    expect(startDelaySeconds(30, () => 0.999999)).toBe(30);
    expect(startDelaySeconds(0, () => 0.5)).toBe(0);
  });
});
