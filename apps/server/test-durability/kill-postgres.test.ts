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

// "No acknowledged data lost" (1/2): PostgreSQL crashes (pg_ctl stop -m immediate) while a device
// publishes QoS 1 telemetry. The gateway answers PUBACK only after the pipeline committed, and the
// pipeline retries while the database is down, so: no PUBACK during the outage, ingest resumes after
// the restart, and every acknowledged message is in point_history.

const PHASE_MS = 3_000;
/** PUBACKs for batches committed just before the crash may still be on their way (figure only). */
const ACK_GRACE_MS = 1_000;

let postgres: PrivatePostgres | undefined;
let platform: PlatformProcess | undefined;
let publisher: Publisher | undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'fleet-durability-data-'));

afterAll(async () => {
  await publisher?.close().catch(() => undefined);
  await platform?.kill().catch(() => undefined);
  await postgres?.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

it('keeps every acknowledged message when PostgreSQL crashes and restarts during QoS 1 ingest', async () => {
  postgres = await startPrivatePostgres();
  platform = spawnPlatform({ dataDir, databaseUrl: postgres.url });
  const ports = await platform.ready();
  const device: SeededDevice = await seedMqttDevice(postgres.url);

  publisher = createPublisher({
    imei: device.imei,
    password: device.password,
    pointName: device.pointName,
    baseTs: Date.now() - 60_000,
    rate: 200,
  });
  const p = publisher;
  p.connect(ports.mqtt);
  await waitFor('the device to connect', () => (p.connects > 0 ? true : undefined), 15_000);
  p.startSending();
  await sleep(PHASE_MS);
  const ackedBeforeCrash = p.acked.length;

  await postgres.crash();
  const downAt = Date.now();
  const sentWhenDown = p.sent;
  await sleep(PHASE_MS);
  const restartAt = Date.now();
  await postgres.start();
  const sentWhenUp = p.sent;
  await sleep(PHASE_MS);
  p.stopSending();
  const unanswered = await p.drain(30_000, () => platform?.exited === true);

  // A message first sent after the postmaster died cannot be committed before the restart began:
  // a PUBACK for one of those before restartAt is an acknowledgement of something not durable.
  const ackedUndurable = p.acked.filter((a) => a.n > sentWhenDown && a.at < restartAt).length;
  const acksDuringOutage = p.acked.filter((a) => a.at > downAt + ACK_GRACE_MS && a.at < restartAt).length;
  const ackedSentAfterRestart = p.acked.filter((a) => a.n > sentWhenUp).length;
  const result = await verdict(postgres.url, device.pointId, p, unanswered);
  console.log(
    describeVerdict('kill PostgreSQL', result, {
      ackedBeforeCrash,
      sentWhileDown: sentWhenUp - sentWhenDown,
      acksDuringOutage,
      ackedUndurable,
      ackedSentAfterRestart,
      connects: p.connects,
      closes: p.closes,
    }),
  );
  const diagnostics = () =>
    [
      `device connection errors: ${p.errors.join(' | ')}`,
      `platform warnings:\n${platform?.problems().join('\n')}`,
      platform?.exited ? `the platform died: ${platform.diagnostics()}` : '',
    ].join('\n');
  onTestFailed(() => console.log(`[durability] ${diagnostics()}`));

  expect(platform.exited, 'the platform process died during the outage').toBe(false);
  expect(ackedBeforeCrash, 'the platform acknowledged nothing before the crash').toBeGreaterThan(0);
  expect(result.lost, 'acknowledged but not stored').toEqual([]);
  expect(ackedUndurable, 'PUBACKs while PostgreSQL was down for messages sent during the outage').toBe(0);
  expect(ackedSentAfterRestart, 'ingest did not resume after the restart').toBeGreaterThan(0);
  expect(unanswered, 'messages never answered after PostgreSQL came back').toBe(0);
});
