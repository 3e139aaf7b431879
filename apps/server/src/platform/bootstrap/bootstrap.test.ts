import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { PASSWORD_RULE } from '@fleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUsersRepository } from '../../modules/users/users.repository.js';
import { login } from '../../test-support/factories.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { bootstrap, INITIAL_ADMIN_FILE } from './bootstrap.js';
import { loadTokenKey } from './secret-key.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('first start', () => {
  it('writes DATA_DIR/initial-admin.txt with mode 0600 and a password that works', async () => {
    const file = join(t.dataDir, INITIAL_ADMIN_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const text = readFileSync(file, 'utf8');
    const match = /^username: admin\npassword: (\S+)\n$/.exec(text);
    expect(match).not.toBeNull();
    const password = match![1]!;
    expect(password.length).toBeGreaterThanOrEqual(16);
    expect(password).toMatch(PASSWORD_RULE);
    expect((await login(t.app, 'admin', password)).body.code).toBe(0);
  });

  it('stores argon2id of the transformed password, never the clear text', async () => {
    const admin = await createUsersRepository(t.database.db).findByUsername('admin');
    expect(admin?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(admin?.passwordHash).not.toContain(t.adminPassword);
    expect(admin).toMatchObject({ userType: 0, path: `/${admin!.id}/`, parentId: null });
  });

  it('does not create a second administrator on the next start', async () => {
    const again = await bootstrap(t.database, t.config);
    expect(again.initialAdmin).toBeUndefined();
    expect((await login(t.app, 'admin', t.adminPassword)).body.code).toBe(0);
  });
});

describe('token key', () => {
  it('is generated once into DATA_DIR/secret.key (0600) and reused', () => {
    const first = loadTokenKey({ DATA_DIR: t.dataDir, TOKEN_SECRET: undefined });
    const second = loadTokenKey({ DATA_DIR: t.dataDir, TOKEN_SECRET: undefined });
    expect(first.source).toBe('generated');
    expect(second.source).toBe('file');
    expect(Buffer.from(second.key).equals(Buffer.from(first.key))).toBe(true);
    expect(statSync(join(t.dataDir, 'secret.key')).mode & 0o777).toBe(0o600);
  });

  it('comes from TOKEN_SECRET when set', () => {
    const secret = 'x'.repeat(40);
    const key = loadTokenKey({ DATA_DIR: t.dataDir, TOKEN_SECRET: secret });
    expect(key.source).toBe('env');
    expect(new TextDecoder().decode(key.key)).toBe(secret);
  });
});
