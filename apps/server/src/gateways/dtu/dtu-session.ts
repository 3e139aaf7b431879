import type { Socket } from 'node:net';
import {
  InvalidResponseError,
  isOffline,
  ModbusTimeoutError,
  offlineDeadline,
  type PlannerOptions,
  parseHeartbeatContent,
  type Scheduler,
  type StreamEvent,
  type TimerHandle,
  TransactionQueue,
} from '@fleet/protocols';
import type { Logger } from 'pino';
import { verifyDeviceSecretHash } from '../../modules/devices/secret-hash.js';
import type { DirectoryDevice } from '../../pipeline/directory.js';
import type { Reading } from '../../pipeline/types.js';
import type { CommandOutcome, DeviceLink, PointWrite } from '../../platform/commands/types.js';
import type { DeviceRuntime } from '../../platform/runtime.js';
import type { OfflineReason } from '../types.js';
import { createDtuControl, type DtuControl } from './dtu-control.js';
import type { DtuCounters } from './dtu-counters.js';
import { DtuPoller, type PollCycleInfo } from './dtu-poller.js';
import { encodePointWrite, outcomeOfError } from './point-write.js';
import { planDevice } from './read-plan.js';

/** Hooks for measurements (the benchmark); never needed for the gateway to work. */
export interface DtuObserver {
  pollCycle?(info: PollCycleInfo): void;
  /** Request sent -> its answer (or exception) matched, ms of the scheduler's clock. */
  response?(latencyMs: number): void;
}

export interface SessionDeps {
  runtime: DeviceRuntime;
  scheduler: Scheduler;
  networkBudgetMs: number;
  /** How long a gateway command waits for its answer (default 10 s). */
  commandTimeoutMs?: number;
  /** Block planning limits (default: 125 registers / 2000 bits per read, gaps up to 10 / 80). */
  planner?: PlannerOptions;
  totals: DtuCounters;
  logger?: Logger;
  observer?: DtuObserver;
  /** Called once when the session ended, whatever the reason. */
  onClosed(session: DtuSession): void;
}

/** How the gateway registered: the key it presented (null for a legacy bare IMEI). */
export interface Credentials {
  key: string | null;
}

/**
 * One registered DTU connection: the Modbus master (queue + poller), the heartbeat watchdog, the
 * command link, and one outstanding pipeline ingest at a time.
 */
export class DtuSession {
  readonly deviceId: number;
  readonly queue: TransactionQueue;
  private device: DirectoryDevice;
  private readonly poller: DtuPoller;
  private readonly control: DtuControl;
  private readonly detach: () => void;
  private lastSeen: number;
  private watchdog: TimerHandle | null = null;
  private closed = false;
  private sentAt: number | null = null;
  /** Readings waiting while an ingest is outstanding; a newer value of a point replaces the older. */
  private readonly buffered = new Map<number, Reading>();
  private ingesting = false;
  private reloading: Promise<void> | null = null;
  private reloadAgain = false;
  private presenceDone: Promise<void> = Promise.resolve();

  constructor(
    private readonly socket: Socket,
    device: DirectoryDevice,
    private readonly credentials: Credentials,
    private readonly deps: SessionDeps,
  ) {
    const { scheduler, runtime } = deps;
    this.deviceId = device.id;
    this.device = device;
    this.lastSeen = scheduler.now();
    const plan = planDevice(device, this.deps.planner);
    const heartbeat = parseHeartbeatContent(device.heartbeat);
    this.queue = new TransactionQueue({
      send: (bytes) => this.send(bytes),
      scheduler,
      uartReadTimeMs: Math.min(2000, Math.max(10, plan.uartReadMs)),
      networkBudgetMs: deps.networkBudgetMs,
      heartbeat: heartbeat.ok ? heartbeat.bytes : null,
      controlFrames: true,
      onEvent: (event) => this.onStreamEvent(event),
    });
    this.poller = new DtuPoller(this.deviceId, this.queue, scheduler, () => runtime.clock().getTime(), {
      readings: (readings) => this.push(readings),
      failed: (slaveId, error) => {
        this.countFailure(error);
        deps.logger?.debug({ deviceId: this.deviceId, slaveId, err: error }, 'dtu poll failed');
      },
      decodeErrors: (count) => {
        deps.totals.decodeErrors += count;
      },
      cycle: (info) => {
        deps.totals.pollCycles++;
        deps.observer?.pollCycle?.(info);
      },
    });
    this.control = createDtuControl({
      deviceId: this.deviceId,
      imei: device.imei,
      ownerUserId: device.ownerUserId,
      queue: this.queue,
      runtime,
      totals: deps.totals,
      commandTimeoutMs: deps.commandTimeoutMs,
      logger: deps.logger,
      malformed: () => runtime.deviceCounters.record(this.deviceId, 'malformed'),
    });
    this.detach = runtime.commands.attach(this.deviceId, this.link);
    this.presenceDone = runtime.presence.connected(this.deviceId, 'dtu', socket.remoteAddress ?? '');
    this.poller.setPlans(plan.slaves);
    this.logRejectedPoints(plan.rejected);
    this.armWatchdog();
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Bytes from the socket (after the registration packet). */
  receive(bytes: Uint8Array): void {
    if (this.closed) return;
    this.lastSeen = this.deps.scheduler.now();
    this.queue.receive(bytes);
  }

  readonly link: DeviceLink = {
    write: (write) => this.write(write),
    refresh: async () => {
      if (this.closed) return false;
      this.poller.pollAll();
      return true;
    },
    gateway: (command) => this.control.gateway(command),
  };

  /**
   * Re-reads the device (after BUS.deviceChanged): a deleted device, rotated key, lost legacy mark or
   * expiry ends the session ('kicked'); otherwise the poll plan and heartbeat interval are renewed.
   */
  reload(): Promise<void> {
    if (this.reloading) {
      this.reloadAgain = true;
      return this.reloading;
    }
    this.reloading = (async () => {
      do {
        this.reloadAgain = false;
        const device = await this.deps.runtime.directory.byId(this.deviceId).catch((error: unknown) => {
          this.deps.logger?.warn({ err: error, deviceId: this.deviceId }, 'dtu: device reload failed');
          return undefined;
        });
        if (this.closed || device === undefined) return;
        if (!device || !this.stillAllowed(device)) {
          await this.close('kicked');
          return;
        }
        this.device = device;
        const plan = planDevice(device, this.deps.planner);
        this.poller.setPlans(plan.slaves);
        this.logRejectedPoints(plan.rejected);
        this.armWatchdog();
      } while (this.reloadAgain && !this.closed);
    })().finally(() => {
      this.reloading = null;
    });
    return this.reloading;
  }

  /**
   * Ends the session. reason null: replaced by a newer connection of the same device, which keeps
   * it online (no offline transition). Resolves once presence is updated and readings handed over.
   */
  async close(reason: OfflineReason | null): Promise<void> {
    if (this.closed) return this.presenceDone;
    this.closed = true;
    if (this.watchdog !== null) this.deps.scheduler.clearTimeout(this.watchdog);
    this.watchdog = null;
    this.poller.stop();
    const why = reason === null ? 'replaced by a new connection' : `connection ${reason}`;
    this.queue.close(why);
    this.control.close(why);
    this.detach();
    this.socket.destroy();
    const last = [...this.buffered.values()];
    this.buffered.clear();
    const handedOver = last.length > 0 ? this.ingest(last) : Promise.resolve();
    if (reason !== null) {
      const online = this.presenceDone;
      this.presenceDone = online.then(() =>
        this.deps.runtime.presence.disconnected(this.deviceId, 'dtu', reason),
      );
    }
    this.deps.onClosed(this);
    await Promise.all([handedOver, this.presenceDone]);
  }

  private stillAllowed(device: DirectoryDevice): boolean {
    if (device.expireAt && device.expireAt.getTime() <= this.deps.runtime.clock().getTime()) return false;
    if (this.credentials.key === null) return device.legacyRegistration;
    return verifyDeviceSecretHash(this.credentials.key, device.dtuKeyHash);
  }

  private send(bytes: Uint8Array): void {
    if (this.closed || this.socket.destroyed) throw new Error('connection closed');
    this.sentAt = this.deps.scheduler.now();
    this.socket.write(bytes);
  }

  private onStreamEvent(event: StreamEvent): void {
    const { totals, observer, logger } = this.deps;
    switch (event.type) {
      case 'heartbeat':
        totals.heartbeats++;
        break;
      case 'exception':
        this.deps.runtime.deviceCounters.record(this.deviceId, 'exception');
        if (this.sentAt !== null) observer?.response?.(this.deps.scheduler.now() - this.sentAt);
        this.sentAt = null;
        break;
      case 'frame':
        if (this.sentAt !== null) observer?.response?.(this.deps.scheduler.now() - this.sentAt);
        this.sentAt = null;
        break;
      case 'mismatch':
        totals.badFrames++;
        this.deps.runtime.deviceCounters.record(this.deviceId, 'malformed');
        logger?.debug(
          { deviceId: this.deviceId, slave: event.slave, fn: event.fn },
          'dtu: unexpected frame dropped',
        );
        break;
      case 'control':
        this.control.received(event.channel, event.payload);
        break;
      case 'control-malformed':
        this.control.malformed(event.reason);
        break;
      case 'garbage':
        totals.badFrames++;
        totals.garbageBytes += event.bytes;
        this.deps.runtime.deviceCounters.record(this.deviceId, 'malformed');
        break;
    }
  }

  /** Per-device link health: unanswered requests and answers that fit no request (exceptions come as stream events). */
  private countFailure(error: unknown): void {
    if (error instanceof ModbusTimeoutError)
      this.deps.runtime.deviceCounters.record(this.deviceId, 'timeout');
    else if (error instanceof InvalidResponseError)
      this.deps.runtime.deviceCounters.record(this.deviceId, 'malformed');
  }

  private async write(write: PointWrite): Promise<CommandOutcome> {
    if (this.closed) return { status: 'networkError', error: 'connection closed' };
    if (write.point.deviceId !== this.deviceId)
      return { status: 'error', error: 'point belongs to another device' };
    const encoded = encodePointWrite(write);
    if (!encoded.ok) return { status: 'error', error: encoded.error };
    this.deps.totals.writes++;
    try {
      await this.queue.enqueue(encoded.request, { priority: 'write' });
    } catch (error) {
      this.countFailure(error);
      this.deps.logger?.debug(
        { deviceId: this.deviceId, commandId: write.commandId, err: error },
        'dtu write failed',
      );
      return outcomeOfError(error);
    }
    if (encoded.value !== null) {
      const reading = {
        deviceId: this.deviceId,
        pointId: write.point.id,
        ts: this.deps.runtime.clock().getTime(),
        value: encoded.value,
      };
      if (this.closed) void this.ingest([reading]);
      else this.push([reading]);
    }
    return { status: 'resp' };
  }

  private push(readings: Reading[]): void {
    for (const r of readings) {
      if (this.buffered.has(r.pointId)) this.deps.totals.readingsMerged++;
      this.buffered.set(r.pointId, r);
    }
    this.flush();
  }

  private flush(): void {
    if (this.ingesting || this.buffered.size === 0 || this.closed) return;
    const batch = [...this.buffered.values()];
    this.buffered.clear();
    this.ingesting = true;
    void this.ingest(batch).finally(() => {
      this.ingesting = false;
      this.flush();
    });
  }

  private async ingest(batch: Reading[]): Promise<void> {
    this.deps.totals.readings += batch.length;
    try {
      await this.deps.runtime.pipeline.ingest(batch);
    } catch (error) {
      this.deps.logger?.warn(
        { err: error, deviceId: this.deviceId, readings: batch.length },
        'dtu: readings not stored',
      );
    }
  }

  /** Offline after 3 heartbeat intervals without any byte (interval 0: only a close ends it). */
  private armWatchdog(): void {
    const { scheduler } = this.deps;
    if (this.watchdog !== null) scheduler.clearTimeout(this.watchdog);
    this.watchdog = null;
    if (this.closed) return;
    const deadline = offlineDeadline(this.lastSeen, this.device.heartbeatIntervalS);
    if (deadline === null) return;
    // isOffline is strict (now > deadline): fire one ms after.
    this.watchdog = scheduler.setTimeout(
      () => {
        this.watchdog = null;
        if (isOffline(this.lastSeen, this.device.heartbeatIntervalS, scheduler.now())) {
          this.deps.logger?.info({ deviceId: this.deviceId }, 'dtu: heartbeats missed, closing');
          void this.close('heartbeat');
        } else this.armWatchdog();
      },
      deadline - scheduler.now() + 1,
    );
  }

  private logRejectedPoints(rejected: { pointId: number; reason: string }[]): void {
    if (rejected.length > 0)
      this.deps.logger?.warn({ deviceId: this.deviceId, rejected }, 'dtu: points left out of polling');
  }
}
