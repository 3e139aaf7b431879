import { afterAll, expect, it, onTestFailed } from 'vitest';
import { waitFor } from '../test-durability/support/free-port.js';
import { createMqttDevice } from '../test-durability/support/platform-api.js';
import { type Deployment, problems, requireServices, startDeployment } from './deployment.js';

// DESIGN 11: periodic work (rollups, report schedules, maintenance, sweeps) runs on one leader, elected
// with a session advisory lock on its own connection. SIGKILL of the leader closes that connection,
// PostgreSQL releases the lock, and the other instance takes the work over.

const LEADER_LINE = 'leader tasks running';
let deployment: Deployment | undefined;

afterAll(async () => {
  await deployment?.close();
});

const isLeaderLine = (line: Record<string, unknown>) => line.msg === LEADER_LINE;

it('hands the leader work to the other instance within 10 s of a SIGKILL, and it goes on', async () => {
  requireServices();
  deployment = await startDeployment(2);
  const d = deployment;
  onTestFailed(() => console.log(problems(d)));

  const leader = await waitFor(
    'one instance to lead',
    () => {
      const leading = d.instances.filter((i) => i.process.lines.some(isLeaderLine));
      return leading.length > 0 ? leading : undefined;
    },
    20_000,
  );
  expect(leader.length, 'two leaders at once').toBe(1);
  const leaderIndex = d.instances.indexOf(leader[0]!);
  const follower = d.instances[1 - leaderIndex]!;

  await d.kill(leaderIndex);
  await follower.process.waitForLine(isLeaderLine, 10_000);

  // The new leader's rollup tick rolls up readings stored after the takeover: a reading three minutes
  // old (a closed minute, marked for re-rolling as a late reading) gets its 1-minute bucket.
  const api = d.on(d.instances.indexOf(follower));
  const device = await createMqttDevice(api, 'leader takeover probe');
  const ts = Date.now() - 3 * 60_000;
  const answer = await fetch(`${follower.baseUrl}/api/v1/ingest/${device.imei}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-device-key': device.httpKey },
    body: JSON.stringify({ ts, values: { [device.pointName]: 42 } }),
  });
  expect(((await answer.json()) as { code: number }).code).toBe(0);
  const bucket = new Date(Math.floor(ts / 60_000) * 60_000).toISOString();
  await waitFor(
    'the new leader to roll the minute up',
    async () => {
      const rows = await d.query<{ n: number }>(
        'SELECT n FROM point_rollup_1m WHERE point_id = $1 AND bucket = $2',
        [device.pointId, bucket],
      );
      return rows[0]?.n === 1 ? true : undefined;
    },
    60_000,
    500,
  );
});
