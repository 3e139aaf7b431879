import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, expect, it, onTestFailed } from 'vitest';
import { sleep, waitFor } from './support/free-port.js';
import { createMqttDevice, initialAdminPassword, signIn } from './support/platform-api.js';
import { type PlatformProcess, spawnPlatform } from './support/platform-process.js';
import { createPublisher, type Publisher } from './support/publisher.js';
import { describeVerdict, verdictOf } from './support/verdict.js';

// The embedded mode gets the same test as PostgreSQL: the platform (PGlite in DATA_DIR, its own MQTT
// broker) is SIGKILLed while a device publishes under QoS 1, then started again on the same data
// directory. Every PUBACK promised a committed reading, so every acknowledged message must be stored.

const PHASE_MS = 3_000;

const platforms: PlatformProcess[] = [];
let publisher: Publisher | undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'fleet-durability-embedded-'));

afterAll(async () => {
  await publisher?.close().catch(() => undefined);
  for (const platform of platforms) await platform.kill().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

/** Epoch milliseconds of the point's history, read from the data directory once the platform stopped. */
async function storedTimestamps(pointId: number): Promise<Set<number>> {
  const database = new PGlite(join(dataDir, 'pgdata'));
  try {
    const result = await database.query<{ ms: string }>(
      'SELECT (extract(epoch FROM ts) * 1000)::bigint AS ms FROM point_history WHERE point_id = $1',
      [pointId],
    );
    return new Set(result.rows.map((row) => Number(row.ms)));
  } finally {
    await database.close();
  }
}

it('keeps every acknowledged message when the embedded platform is killed and restarted', async () => {
  const first = spawnPlatform({ dataDir });
  platforms.push(first);
  const firstPorts = await first.ready();
  const api = await signIn(`http://127.0.0.1:${firstPorts.http}`, initialAdminPassword([dataDir]));
  const device = await createMqttDevice(api, 'embedded durability probe');

  publisher = createPublisher({
    imei: device.imei,
    password: device.secret,
    pointName: device.pointName,
    baseTs: Date.now() - 60_000,
    rate: 200,
  });
  const p = publisher;
  p.connect(firstPorts.mqtt);
  await waitFor('the device to connect', () => (p.connects > 0 ? true : undefined), 15_000);
  p.startSending();
  await sleep(PHASE_MS);
  const firstDiedByItself = first.exited;
  await first.kill();
  const ackedByFirst = p.acked.length;

  const second = spawnPlatform({ dataDir });
  platforms.push(second);
  const secondPorts = await second.ready();
  const sentAtRestart = p.sent;
  p.connect(secondPorts.mqtt);
  await waitFor('the device to reconnect', () => (p.connects > 1 ? true : undefined), 15_000);
  await sleep(PHASE_MS);
  p.stopSending();
  const unanswered = await p.drain(30_000, () => second.exited);
  const secondDied = second.exited;
  await p.close();
  // A clean stop: PGlite closes the data directory, which this process then opens to count.
  await second.stop();

  const stored = await storedTimestamps(device.pointId);
  const result = verdictOf(stored, p, unanswered);
  const ackedSentAfterRestart = p.acked.filter((a) => a.n > sentAtRestart).length;
  console.log(describeVerdict('kill the embedded platform', result, { ackedByFirst, ackedSentAfterRestart }));
  onTestFailed(() =>
    console.log(
      [
        `[durability] device connection errors: ${p.errors.join(' | ')}`,
        `platform warnings:\n${[...first.problems(), ...second.problems()].join('\n')}`,
        firstDiedByItself ? `the first platform died by itself: ${first.diagnostics()}` : '',
        secondDied ? `the restarted platform died: ${second.diagnostics()}` : '',
      ].join('\n'),
    ),
  );

  expect(firstDiedByItself, 'the first platform process died before it was killed').toBe(false);
  expect(secondDied, 'the restarted platform process died').toBe(false);
  expect(ackedByFirst, 'the first process acknowledged nothing').toBeGreaterThan(0);
  expect(result.lost, 'acknowledged but not stored').toEqual([]);
  expect(ackedSentAfterRestart, 'ingest did not resume on the new process').toBeGreaterThan(0);
  expect(unanswered, 'messages never answered by the new process').toBe(0);
});
