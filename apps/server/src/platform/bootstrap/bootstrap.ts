import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ADMIN_ROLE, UserType } from '@fleet/contracts';
import type { Config } from '../../config.js';
import { DEMO_USERNAME } from '../../modules/auth/auth.service.js';
import { sealClearWebhookSecrets } from '../../modules/contacts/webhook-secret-sealing.js';
import { OPTION_DEFAULTS } from '../../modules/system/options.defaults.js';
import { createPlatformOptions } from '../../modules/system/platform-options.service.js';
import { createUserAccounts } from '../../modules/users/user-accounts.service.js';
import { hashPassword, randomPassword, transmittedPassword, UNUSABLE_PASSWORD } from '../auth/password.js';
import type { Database } from '../db/client.js';
import { DEMO_ROLE, SYSTEM_ROLES } from './roles.js';

export const ADMIN_USERNAME = 'admin';
export const INITIAL_ADMIN_FILE = 'initial-admin.txt';

export interface BootstrapResult {
  /** Set only on the start that created the administrator. */
  initialAdmin?: { username: string; password: string; file: string };
}

/**
 * Idempotent start-up data: system roles, default options, the platform administrator (first
 * start only, random password) and, with DEMO=1, the read-only demo account.
 */
export async function bootstrap(
  database: Database,
  config: Pick<Config, 'DATA_DIR' | 'DEMO'> & Partial<Pick<Config, 'SECRET_BOX_KEY'>>,
): Promise<BootstrapResult> {
  const users = createUserAccounts(database.db);
  const system = createPlatformOptions(database.db);

  const roleIds = new Map<string, number>();
  for (const role of SYSTEM_ROLES) {
    roleIds.set(role.name, await users.upsertSystemRole(role.name, role.permissions, role.isAdmin));
  }
  for (const [name, value] of Object.entries(OPTION_DEFAULTS)) await system.seedOption(name, value);

  const result: BootstrapResult = {};
  let admin = await users.findFirstOfType(UserType.PLATFORM);
  if (!admin) {
    const password = randomPassword(20);
    const created = await users.create({
      username: ADMIN_USERNAME,
      passwordHash: await hashPassword(transmittedPassword(password)),
      userType: UserType.PLATFORM,
      nickName: 'Administrator',
    });
    if (created) {
      await users.assignRole(created.id, roleIds.get(ADMIN_ROLE)!);
      result.initialAdmin = {
        username: ADMIN_USERNAME,
        password,
        file: writeAdminFile(config.DATA_DIR, password),
      };
    }
    admin = created ?? (await users.findFirstOfType(UserType.PLATFORM));
  }

  if (config.DEMO) {
    const demo =
      (await users.findByUsername(DEMO_USERNAME)) ??
      (await users.create({
        username: DEMO_USERNAME,
        parentId: admin?.id ?? null,
        passwordHash: UNUSABLE_PASSWORD,
        userType: UserType.AGENT_2,
        nickName: 'Demo',
        isDemo: true,
      })) ??
      (await users.findByUsername(DEMO_USERNAME));
    if (demo?.isDemo) await users.assignRole(demo.id, roleIds.get(DEMO_ROLE)!);
  }
  await sealClearWebhookSecrets(database, config);
  return result;
}

function writeAdminFile(dataDir: string, password: string): string {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, INITIAL_ADMIN_FILE);
  writeFileSync(file, `username: ${ADMIN_USERNAME}\npassword: ${password}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return file;
}
