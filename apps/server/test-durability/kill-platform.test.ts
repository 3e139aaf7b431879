import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it, onTestFailed } from 'vitest';
import { type SeededDevice, seedMqttDevice } from './support/fleet-db.js';
import { sleep, waitFor } from './support/free-port.js';
import { type PlatformProcess, spawnPlatform } from './support/platform-process.js';
import { type PrivatePostgres, startPrivatePostgres } from './support/private-postgres.js';
import { createPublisher, type Publisher } from './support/publisher.js';
import { describeVerdict, verdict } from './support/verdict.js';

// "No acknowledged data lost" (2/2): the platform process is SIGKILLed mid-stream (no shutdown hook,
// nothing flushed) and started again on the same database. A PUBACK promises the reading is
// committed, so everything acknowledged by the dead process must be in point_history.

const PHASE_MS = 3_000;

let postgres: PrivatePostgres | undefined;
const platforms: PlatformProcess[] = [];
let publisher: Publisher | undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'fleet-durability-data-'));

afterAll(async () => {
  await publisher?.close().catch(() => undefined);
  for (const platform of platforms) await platform.kill().catch(() => undefined);
  await postgres?.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

it('keeps every acknowledged message when the platform process is killed and restarted', async () => {
  postgres = await startPrivatePostgres();
  const first = spawnPlatform({ dataDir, databaseUrl: postgres.url });
  platforms.push(first);
  const firstPorts = await first.ready();
  const device: SeededDevice = await seedMqttDevice(postgres.url);

  publisher = createPublisher({
    imei: device.imei,
    password: device.password,
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

  // The device keeps publishing into its offline queue while the platform is away.
  const second = spawnPlatform({ dataDir, databaseUrl: postgres.url });
  platforms.push(second);
  const secondPorts = await second.ready();
  const sentAtRestart = p.sent;
  p.connect(secondPorts.mqtt);
  await waitFor('the device to reconnect', () => (p.connects > 1 ? true : undefined), 15_000);
  await sleep(PHASE_MS);
  p.stopSending();
  const unanswered = await p.drain(30_000, () => second.exited);
  const secondDied = second.exited;
  await second.stop();

  const ackedSentAfterRestart = p.acked.filter((a) => a.n > sentAtRestart).length;
  const result = await verdict(postgres.url, device.pointId, p, unanswered);
  console.log(
    describeVerdict('kill the platform', result, {
      ackedByFirst,
      ackedSentAfterRestart,
      connects: p.connects,
      closes: p.closes,
    }),
  );
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
