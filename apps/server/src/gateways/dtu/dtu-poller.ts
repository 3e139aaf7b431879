import {
  decodeBlock,
  type ModbusResponse,
  type ReadBlock,
  type Scheduler,
  type TimerHandle,
  type TransactionQueue,
} from '@fleet/protocols';
import type { Reading } from '../../pipeline/types.js';
import type { SlavePlan } from './read-plan.js';

export interface PollCycleInfo {
  deviceId: number;
  slaveId: number;
  /** How late the cycle started against its schedule, ms. */
  lateMs: number;
  /** Block reads of the slave's plan. */
  blocks: number;
  /** Block reads queued by this cycle (blocks still pending from the previous cycle are skipped). */
  requests: number;
}

export interface PollerEvents {
  readings(readings: Reading[]): void;
  /** A block read failed (timeout, exception, invalid answer, closed). */
  failed(slaveId: number, error: unknown): void;
  decodeErrors(count: number): void;
  cycle?(info: PollCycleInfo): void;
}

interface SlaveState {
  plan: SlavePlan;
  timer: TimerHandle | null;
  dueAt: number;
  /** Blocks whose previous read is still queued or in flight: not queued twice. */
  pending: Set<number>;
}

/**
 * Polls the slaves of one DTU connection: each slave on its own period, every block of its plan
 * queued on the connection's TransactionQueue (which keeps one request in flight). Answers are
 * decoded into readings; a failed block only loses that block's values for this cycle.
 */
export class DtuPoller {
  private readonly slaves = new Map<number, SlaveState>();
  private stopped = false;

  constructor(
    private readonly deviceId: number,
    private readonly queue: TransactionQueue,
    private readonly scheduler: Scheduler,
    private readonly wallClock: () => number,
    private readonly events: PollerEvents,
  ) {}

  /** Installs a new plan: unchanged slaves keep their phase, new ones are polled now. */
  setPlans(plans: readonly SlavePlan[]): void {
    if (this.stopped) return;
    const next = new Map(plans.map((p) => [p.slaveRef, p]));
    for (const [ref, state] of this.slaves) {
      if (!next.has(ref)) {
        this.clearTimer(state);
        this.slaves.delete(ref);
      }
    }
    const now = this.scheduler.now();
    for (const plan of plans) {
      const state = this.slaves.get(plan.slaveRef);
      if (state) {
        const periodChanged = state.plan.periodMs !== plan.periodMs;
        state.plan = plan;
        // Blocks were renumbered: a pending read of the old plan must not block the new one.
        state.pending.clear();
        if (periodChanged) this.arm(state, Math.min(state.dueAt, now + plan.periodMs));
      } else {
        const fresh: SlaveState = { plan, timer: null, dueAt: now, pending: new Set() };
        this.slaves.set(plan.slaveRef, fresh);
        this.arm(fresh, now);
      }
    }
  }

  /** Queues every block of every slave now (a refresh command); the schedule is unchanged. */
  pollAll(): number {
    let queued = 0;
    for (const state of this.slaves.values()) queued += this.pollSlave(state);
    return queued;
  }

  get blockCount(): number {
    let n = 0;
    for (const s of this.slaves.values()) n += s.plan.plan.blocks.length;
    return n;
  }

  stop(): void {
    this.stopped = true;
    for (const state of this.slaves.values()) this.clearTimer(state);
    this.slaves.clear();
  }

  private clearTimer(state: SlaveState): void {
    if (state.timer !== null) this.scheduler.clearTimeout(state.timer);
    state.timer = null;
  }

  private arm(state: SlaveState, dueAt: number): void {
    this.clearTimer(state);
    state.dueAt = dueAt;
    state.timer = this.scheduler.setTimeout(
      () => this.runCycle(state),
      Math.max(0, dueAt - this.scheduler.now()),
    );
  }

  private runCycle(state: SlaveState): void {
    state.timer = null;
    if (this.stopped || this.slaves.get(state.plan.slaveRef) !== state) return;
    const now = this.scheduler.now();
    const lateMs = Math.max(0, now - state.dueAt);
    const requests = this.pollSlave(state);
    this.events.cycle?.({
      deviceId: this.deviceId,
      slaveId: state.plan.slaveId,
      lateMs,
      blocks: state.plan.plan.blocks.length,
      requests,
    });
    // Fixed-rate schedule; cycles missed while the process was busy are skipped, not bunched.
    let due = state.dueAt + state.plan.periodMs;
    if (due <= now) due = now + state.plan.periodMs;
    this.arm(state, due);
  }

  private pollSlave(state: SlaveState): number {
    let queued = 0;
    const { plan } = state;
    for (const block of plan.plan.blocks) {
      if (state.pending.has(block.index)) continue;
      state.pending.add(block.index);
      queued++;
      this.queue
        .enqueue({ slave: plan.slaveId, ...block.request }, { priority: 'poll' })
        .then(
          (response) => this.onAnswer(plan, block, response),
          (error: unknown) => this.events.failed(plan.slaveId, error),
        )
        .finally(() => {
          if (state.plan === plan) state.pending.delete(block.index);
        });
    }
    return queued;
  }

  private onAnswer(plan: SlavePlan, block: ReadBlock<number>, response: ModbusResponse): void {
    if (this.stopped) return;
    const data = 'registers' in response ? response.registers : 'bits' in response ? response.bits : null;
    if (!data) return;
    const ts = this.wallClock();
    const readings: Reading[] = [];
    let errors = 0;
    for (const { key, result } of decodeBlock(plan.plan, block.index, data, (k) => plan.codecs.get(k))) {
      if (result.ok) readings.push({ deviceId: this.deviceId, pointId: key, ts, value: result.value });
      else errors++;
    }
    if (errors > 0) this.events.decodeErrors(errors);
    if (readings.length > 0) this.events.readings(readings);
  }
}
