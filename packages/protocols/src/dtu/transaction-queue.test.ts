import { describe, expect, it } from 'vitest';
import { encodeException, ModbusRequestError, type ModbusResponse } from '../modbus/pdu.js';
import { encodeAdu } from '../modbus/rtu.js';
import { respondToRequest, SparseSlaveMemory } from '../modbus/slave.js';
import type { StreamEvent } from '../modbus/stream.js';
import { ManualScheduler } from './scheduler.js';
import {
  ConnectionClosedError,
  ModbusExceptionError,
  ModbusTimeoutError,
  QueueFullError,
  type SlaveRequest,
  TransactionQueue,
  type TransactionQueueOptions,
} from './transaction-queue.js';

const HB = Uint8Array.of(0xfe, 0x01);

function track<T>(p: Promise<T>) {
  const s: { status: 'pending' | 'fulfilled' | 'rejected'; value?: T; error?: unknown } = {
    status: 'pending',
  };
  p.then(
    (v) => {
      s.status = 'fulfilled';
      s.value = v;
    },
    (e) => {
      s.status = 'rejected';
      s.error = e;
    },
  );
  return s;
}
const tick = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

function setup(extra: Partial<TransactionQueueOptions> = {}) {
  const scheduler = new ManualScheduler(0);
  const sent: Uint8Array[] = [];
  const events: StreamEvent[] = [];
  const q = new TransactionQueue({
    send: (b) => sent.push(b),
    scheduler,
    heartbeat: HB,
    onEvent: (e) => events.push(e),
    ...extra,
  });
  const mem = new SparseSlaveMemory();
  for (let a = 0; a < 500; a++) mem.holding.set(a, (a * 31 + 7) & 0xffff);
  /** The slave answers the last sent request. */
  const answer = (slave = 1) => respondToRequest(slave, mem, sent[sent.length - 1]!)!;
  return { q, scheduler, sent, events, mem, answer };
}

const poll = (address: number, quantity = 2, slave = 1): SlaveRequest => ({
  slave,
  fn: 0x03,
  address,
  quantity,
});

describe('TransactionQueue', () => {
  it('sends one poll and resolves it with the response', async () => {
    const { q, sent, answer } = setup();
    const r = track(q.enqueue(poll(10)));
    expect(sent).toHaveLength(1);
    expect(Buffer.from(sent[0]!).toString('hex')).toBe('0103000a0002e409');
    q.receive(answer());
    await tick();
    expect(r.status).toBe('fulfilled');
    expect(r.value).toEqual({ fn: 3, registers: [(10 * 31 + 7) & 0xffff, (11 * 31 + 7) & 0xffff] });
    expect(q.counters).toMatchObject({ sent: 1, responses: 1, timeouts: 0 });
    expect(q.inFlight).toBe(false);
  });

  it('keeps one request in flight and sends the next on response', async () => {
    const { q, sent, answer } = setup();
    const a = track(q.enqueue(poll(0)));
    const b = track(q.enqueue(poll(2)));
    const c = track(q.enqueue(poll(4)));
    expect(sent).toHaveLength(1);
    expect(q.queued).toBe(2);
    q.receive(answer());
    expect(sent).toHaveLength(2);
    q.receive(answer());
    q.receive(answer());
    await tick();
    expect([a.status, b.status, c.status]).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    expect((c.value as { registers: number[] }).registers[0]).toBe(4 * 31 + 7);
  });

  it('writes go ahead of queued polls (never preempting the one in flight)', async () => {
    const { q, sent, answer } = setup();
    q.enqueue(poll(0));
    q.enqueue(poll(2));
    q.enqueue(poll(4));
    const w = track(q.enqueue({ slave: 1, fn: 0x06, address: 100, value: 42 }));
    expect(sent).toHaveLength(1);
    q.receive(answer());
    expect(sent[1]![1]).toBe(0x06);
    q.receive(answer());
    await tick();
    expect(w.value).toEqual({ fn: 6, address: 100, value: 42 });
    expect(sent[2]![1]).toBe(0x03);
    // explicit priority overrides the default
    q.enqueue({ slave: 1, fn: 0x03, address: 9, quantity: 1 }, { priority: 'write' });
    q.receive(answer());
    expect(sent[3]!.subarray(2, 4)).toEqual(Uint8Array.of(0, 9));
  });

  it('times out after uart read time + network budget', async () => {
    const { q, sent, scheduler, answer } = setup({ uartReadTimeMs: 25, networkBudgetMs: 1500 });
    expect(q.timeoutMs).toBe(1525);
    const a = track(q.enqueue(poll(0)));
    const b = track(q.enqueue(poll(2)));
    scheduler.advance(1524);
    await tick();
    expect(a.status).toBe('pending');
    scheduler.advance(1);
    await tick();
    expect(a.status).toBe('rejected');
    expect(a.error).toBeInstanceOf(ModbusTimeoutError);
    expect(a.error).toMatchObject({ slave: 1, fn: 3, timeoutMs: 1525 });
    expect(q.counters.timeouts).toBe(1);
    // default settle time of 200 ms before the next request
    scheduler.advance(199);
    expect(sent).toHaveLength(1);
    scheduler.advance(1);
    expect(sent).toHaveLength(2);
    q.receive(answer());
    await tick();
    expect(b.status).toBe('fulfilled');
  });

  it('rejects on an exception response and counts it', async () => {
    const { q } = setup();
    const a = track(q.enqueue(poll(0)));
    q.receive(encodeAdu(1, encodeException(0x03, 0x02)));
    await tick();
    expect(a.error).toBeInstanceOf(ModbusExceptionError);
    expect(a.error).toMatchObject({ slave: 1, fn: 3, code: 2, exceptionName: 'illegal data address' });
    expect(q.counters.exceptions).toBe(1);
  });

  it('coalesces identical queued polls, not writes and not the one in flight', async () => {
    const { q, sent, answer } = setup();
    const first = q.enqueue(poll(0));
    const p1 = q.enqueue(poll(2));
    const p2 = q.enqueue(poll(2));
    expect(p2).toBe(p1);
    const again = q.enqueue(poll(0)); // same as the in-flight one: queued anew
    expect(again).not.toBe(first);
    q.enqueue({ slave: 1, fn: 0x06, address: 1, value: 1 });
    q.enqueue({ slave: 1, fn: 0x06, address: 1, value: 1 });
    expect(q.counters.coalesced).toBe(1);
    expect(q.queued).toBe(4);
    for (let i = 0; i < 5; i++) q.receive(answer());
    await tick();
    expect(sent).toHaveLength(5);
    expect(await p2).toEqual(await p1);
  });

  it('heartbeats and garbage around the response do not disturb it', async () => {
    const { q, answer, events } = setup();
    const a = track(q.enqueue(poll(0)));
    const res = answer();
    const stream = Uint8Array.from([...HB, 0x00, 0xff, ...HB, ...res, ...HB]);
    for (const b of stream) q.receive(Uint8Array.of(b));
    await tick();
    expect(a.status).toBe('fulfilled');
    expect(events.filter((e) => e.type === 'heartbeat')).toHaveLength(3);
    expect(q.stream.garbageBytes).toBe(2);
  });

  it('a response from another slave is dropped and the request times out', async () => {
    const { q, scheduler } = setup();
    const a = track(q.enqueue(poll(0, 2, 1)));
    q.receive(encodeAdu(2, Uint8Array.of(0x03, 0x04, 0, 1, 0, 2)));
    expect(q.stream.mismatches).toBe(1);
    scheduler.advance(q.timeoutMs);
    await tick();
    expect(a.error).toBeInstanceOf(ModbusTimeoutError);
  });

  it('settle time after a timeout keeps a late answer from being taken for the next request', async () => {
    const { q, scheduler, sent, answer } = setup({ settleAfterTimeoutMs: 300 });
    const a = track(q.enqueue(poll(0)));
    const b = track(q.enqueue(poll(0, 2, 1))); // identical bytes, but a has left the queue
    const late = answer();
    scheduler.advance(q.timeoutMs);
    expect(sent).toHaveLength(1); // settling
    q.receive(late); // arrives during the settle time
    expect(q.stream.mismatches).toBe(1);
    scheduler.advance(300);
    expect(sent).toHaveLength(2);
    q.receive(answer());
    await tick();
    expect(a.status).toBe('rejected');
    expect(b.status).toBe('fulfilled');
    expect(q.counters.responses).toBe(1);
  });

  it('close rejects everything pending and later work', async () => {
    const { q, scheduler } = setup();
    const all = [
      q.enqueue(poll(0)),
      q.enqueue(poll(2)),
      q.enqueue({ slave: 1, fn: 0x05, address: 0, value: true }),
    ].map(track);
    q.close('socket closed');
    await tick();
    for (const s of all) {
      expect(s.status).toBe('rejected');
      expect(s.error).toBeInstanceOf(ConnectionClosedError);
    }
    expect(scheduler.pending).toBe(0);
    const late = track(q.enqueue(poll(0)));
    q.receive(Uint8Array.of(1, 2, 3));
    q.close();
    await tick();
    expect(late.error).toBeInstanceOf(ConnectionClosedError);
    expect(q.closed).toBe(true);
    expect(q.counters.closedRejected).toBe(4);
  });

  it('close during the settle time cancels it; a throwing observer does not break the queue', async () => {
    const { q, scheduler } = setup({
      onEvent: () => {
        throw new Error('observer bug');
      },
    });
    const a = track(q.enqueue(poll(0)));
    const b = track(q.enqueue(poll(2)));
    q.receive(HB);
    scheduler.advance(q.timeoutMs);
    expect(scheduler.pending).toBe(1); // the settle timer
    q.close();
    expect(scheduler.pending).toBe(0);
    await tick();
    expect(a.error).toBeInstanceOf(ModbusTimeoutError);
    expect(b.error).toBeInstanceOf(ConnectionClosedError);
    expect(q.stream.heartbeats).toBe(1);
  });

  it('rejects invalid requests without disturbing the queue', async () => {
    const { q, sent } = setup();
    const bad = track(q.enqueue({ slave: 0, fn: 0x03, address: 0, quantity: 1 }));
    const bad2 = track(q.enqueue({ slave: 1, fn: 0x03, address: 0, quantity: 200 }));
    await tick();
    expect(bad.error).toBeInstanceOf(ModbusRequestError);
    expect(bad2.error).toBeInstanceOf(ModbusRequestError);
    expect(sent).toHaveLength(0);
  });

  it('bounds the queue', async () => {
    const { q } = setup({ maxQueued: 2 });
    q.enqueue(poll(0));
    q.enqueue(poll(2));
    q.enqueue(poll(4));
    const full = track(q.enqueue(poll(6)));
    await tick();
    expect(full.error).toBeInstanceOf(QueueFullError);
    expect(q.counters.rejectedFull).toBe(1);
  });

  it('a send that throws rejects that request and moves on', async () => {
    const scheduler = new ManualScheduler();
    let calls = 0;
    const q = new TransactionQueue({
      scheduler,
      send: () => {
        calls++;
        if (calls === 1) throw new Error('EPIPE');
      },
    });
    const a = track(q.enqueue(poll(0)));
    const b = track(q.enqueue(poll(2)));
    await tick();
    expect(a.error).toMatchObject({ message: 'EPIPE' });
    expect(b.status).toBe('pending');
    expect(q.inFlight).toBe(true);
    expect(q.counters.sendErrors).toBe(1);
  });

  it('survives a synchronous device answering inside send (no deep recursion)', async () => {
    const scheduler = new ManualScheduler();
    const mem = new SparseSlaveMemory();
    const q: TransactionQueue = new TransactionQueue({
      scheduler,
      send: (b) => q.receive(respondToRequest(1, mem, b)!),
    });
    const results = Array.from({ length: 5000 }, (_, i) => q.enqueue(poll(i % 1000, 1)));
    const values = await Promise.all(results);
    expect(values).toHaveLength(5000);
    expect(q.counters.responses + q.counters.coalesced).toBe(5000);
  });

  it('validates the uart read time (10-2000 ms)', () => {
    const scheduler = new ManualScheduler();
    const send = () => {};
    expect(() => new TransactionQueue({ scheduler, send, uartReadTimeMs: 9 })).toThrow(RangeError);
    expect(() => new TransactionQueue({ scheduler, send, uartReadTimeMs: 2001 })).toThrow(RangeError);
    expect(() => new TransactionQueue({ scheduler, send, networkBudgetMs: -1 })).toThrow(RangeError);
    expect(new TransactionQueue({ scheduler, send, uartReadTimeMs: 2000 }).timeoutMs).toBe(3500);
    expect(new TransactionQueue({ scheduler, send }).timeoutMs).toBe(1525);
  });

  it('fuzz: noisy, chunked, sometimes silent device: every resolved poll carries its own registers', async () => {
    let seed = 31337;
    const rnd = () => {
      seed = (seed * 1664525 + 1013904223) >>> 0;
      return seed / 0x100000000;
    };
    const { q, scheduler, sent, mem } = setup({ settleAfterTimeoutMs: 50, maxQueued: 10_000 });
    const outcomes: { address: number; s: ReturnType<typeof track<ModbusResponse>> }[] = [];
    for (let i = 0; i < 400; i++) {
      const address = Math.floor(rnd() * 400);
      outcomes.push({ address, s: track(q.enqueue(poll(address, 3))) });
    }
    let handled = 0;
    while (q.inFlight || q.queued > 0 || scheduler.pending > 0) {
      if (sent.length > handled) {
        handled = sent.length;
        const x = rnd();
        if (x < 0.1) {
          scheduler.advance(q.timeoutMs); // silent device
          continue;
        }
        const res = respondToRequest(1, mem, sent[sent.length - 1]!)!;
        const noise = Uint8Array.from({ length: Math.floor(rnd() * 6) }, () =>
          rnd() < 0.5 ? 0x00 : Math.floor(rnd() * 256),
        );
        const bytes = Uint8Array.from([
          ...(rnd() < 0.3 ? HB : []),
          ...noise,
          ...res,
          ...(rnd() < 0.3 ? HB : []),
        ]);
        let i = 0;
        while (i < bytes.length) {
          const n = 1 + Math.floor(rnd() * 10);
          q.receive(bytes.subarray(i, i + n));
          i += n;
        }
        if (q.inFlight && sent.length === handled) scheduler.advance(q.timeoutMs); // response lost in noise
      } else scheduler.advance(10);
    }
    await tick();
    let ok = 0;
    for (const { address, s } of outcomes) {
      expect(s.status).not.toBe('pending');
      if (s.status === 'fulfilled') {
        ok++;
        expect((s.value as { registers: number[] }).registers).toEqual(
          [0, 1, 2].map((k) => ((address + k) * 31 + 7) & 0xffff),
        );
      } else expect(s.error).toBeInstanceOf(ModbusTimeoutError);
    }
    expect(ok).toBeGreaterThan(300);
    expect(q.counters.responses + q.counters.timeouts).toBe(q.counters.sent);
  });
});
