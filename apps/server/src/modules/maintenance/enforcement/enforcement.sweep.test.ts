import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileStore } from '../../../platform/files/file-store.js';
import { tokenFor } from '../../../test-support/factories.js';
import { createTestApp, type TestApp } from '../../../test-support/test-app.js';
import { PNG_BYTES } from '../../graphlib/graphlib.fixtures.js';
import { createMaintenanceUser } from '../work-orders.fixtures.js';
import { createRecord, OFFICER, uploadEvidence } from './enforcement.fixtures.js';
import { createEnforcementRepository } from './enforcement.repository.js';
import { createEnforcementSweep, ENFORCEMENT_STORE_AREA } from './enforcement.sweep.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A distinct PNG each time (the sniffer reads the signature; trailing bytes make a new hash). */
const png = (tag: string) => Buffer.concat([PNG_BYTES, Buffer.from(tag)]);

describe('the evidence file sweep', () => {
  it('forgets uploads no record named within a day and removes their files; keeps records and fresh uploads', async () => {
    const officer = await createMaintenanceUser(t, OFFICER);
    const store = createFileStore(t.dataDir, ENFORCEMENT_STORE_AREA);
    const sweep = createEnforcementSweep({
      repo: createEnforcementRepository(t.database.db),
      store,
      clock: t.clock,
    });

    const kept = (await uploadEvidence(t.app, officer.token, png('in a record'))).data.hash;
    const record = await createRecord(t.app, officer.token, { files: [kept] });
    expect(record.body.code).toBe(0);
    const abandoned = (await uploadEvidence(t.app, officer.token, png('abandoned'))).data.hash;
    // A stray file of a name no hash can have is not the sweep's business.
    mkdirSync(join(store.dir, 'ab'), { recursive: true });
    writeFileSync(join(store.dir, 'ab', 'notes.txt'), 'x');

    // Nothing is old yet: nothing goes.
    expect(await sweep()).toEqual({ uploads: 0, files: 0 });
    expect(existsSync(store.path(abandoned))).toBe(true);

    t.clock.advance(25 * 60 * 60);
    // A day later the officer signs in again.
    officer.token = await tokenFor(t.app, officer.user.username, officer.user.password);
    const fresh = (await uploadEvidence(t.app, officer.token, png('fresh'))).data.hash;
    const swept = await sweep();
    expect(swept.uploads).toBe(2);
    expect(swept.files).toBe(1);
    expect(existsSync(store.path(abandoned))).toBe(false);
    expect(existsSync(store.path(kept))).toBe(true);
    expect(existsSync(store.path(fresh))).toBe(true);
    expect(existsSync(join(store.dir, 'ab', 'notes.txt'))).toBe(true);

    // The forgotten upload can no longer be named; the fresh one can; the record's file still opens.
    const late = await createRecord(t.app, officer.token, { files: [abandoned] });
    expect(late.body).toMatchObject({ code: 10002, msg_key: 'maintenance.enforcementUnknownFile' });
    expect((await createRecord(t.app, officer.token, { files: [fresh] })).body.code).toBe(0);
    const opened = await t.app.inject({
      method: 'GET',
      url: `/api/v1/maintenance/enforcement/${record.body.data.id}/files/${kept}`,
      headers: { 'x-token': officer.token },
    });
    expect(opened.statusCode).toBe(200);

    // Uploading the same bytes again brings the file back and restarts its day.
    const again = (await uploadEvidence(t.app, officer.token, png('abandoned'))).data.hash;
    expect(again).toBe(abandoned);
    expect(existsSync(store.path(abandoned))).toBe(true);
    t.clock.advance(23 * 60 * 60);
    expect((await sweep()).files).toBe(0);
    officer.token = await tokenFor(t.app, officer.user.username, officer.user.password);
    expect((await createRecord(t.app, officer.token, { files: [abandoned] })).body.code).toBe(0);
  });
});
