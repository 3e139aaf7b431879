import net from 'node:net';
import { buildRegistrationPacket, ManualScheduler } from '@fleet/protocols';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceOnofflineLog } from '../../modules/connectivity/connectivity.table.js';
import { type DtuHarness, startDtuHarness, type TestDtuDevice, waitFor } from './dtu.fixtures.js';

let h: DtuHarness;
const scheduler = new ManualScheduler(0);

beforeAll(async () => {
  h = await startDtuHarness({ scheduler, registrationTimeoutMs: 30_000 });
}, 60_000);
afterAll(async () => {
  await h?.close();
});

function dial(device: TestDtuDevice | null, first?: Uint8Array | string) {
  const socket = net.connect(h.gateway.port, '127.0.0.1', () => {
    if (device)
      socket.write(
        Buffer.concat([buildRegistrationPacket(device.imei, device.key), Buffer.from(first ?? '')]),
      );
  });
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  return { socket, closed };
}

describe('DTU heartbeats and timeouts (manual clock)', () => {
  it('goes offline after 3 silent heartbeat intervals, and heartbeats keep it online', async () => {
    const device = await h.device({ heartbeat: '0xFE01', heartbeatIntervalS: 10 });
    const before = h.gateway.counters().heartbeats;
    const { socket, closed } = dial(device, Uint8Array.of(0xfe, 0x01));
    await waitFor(() => h.gateway.counters().heartbeats === before + 1, 5000, 'first heartbeat');
    scheduler.advance(20_000);
    socket.write(Uint8Array.of(0xfe));
    socket.write(Uint8Array.of(0x01)); // split across writes
    await waitFor(() => h.gateway.counters().heartbeats === before + 2, 5000, 'second heartbeat');
    scheduler.advance(25_000); // 45 s: 25 s since the last heartbeat
    expect(h.gateway.counters().online).toBe(1);
    scheduler.advance(5_001); // 50.001 s: 30 s silent
    await closed;
    await waitFor(
      async () => {
        const [last] = await h.t.database.db
          .select()
          .from(deviceOnofflineLog)
          .where(eq(deviceOnofflineLog.deviceId, device.id))
          .orderBy(desc(deviceOnofflineLog.id))
          .limit(1);
        return last?.status === 0 && last.reason === 'heartbeat' && last.via === 'dtu';
      },
      5000,
      'offline log entry',
    );
    expect(h.gateway.counters().online).toBe(0);
    expect(h.gateway.counters().badFrames).toBe(0);
  });

  it('keeps a device with heartbeats off online until the connection closes', async () => {
    const device = await h.device({ heartbeat: '', heartbeatIntervalS: 0 });
    const { socket, closed } = dial(device);
    await waitFor(() => h.gateway.counters().online === 1, 5000, 'registration');
    scheduler.advance(24 * 3600_000);
    expect(h.gateway.counters().online).toBe(1);
    socket.destroy();
    await closed;
    await waitFor(() => h.gateway.counters().online === 0, 5000, 'closed');
  });

  it('closes a connection that sends no registration within the timeout', async () => {
    const { socket, closed } = dial(null);
    await new Promise((resolve) => socket.once('connect', resolve));
    await waitFor(() => h.gateway.counters().connections === 1, 5000, 'accepted');
    scheduler.advance(29_999);
    expect(h.gateway.counters().rejected.timeout ?? 0).toBe(0);
    scheduler.advance(1);
    await closed;
    expect(h.gateway.counters().rejected.timeout).toBe(1);
  });
});
