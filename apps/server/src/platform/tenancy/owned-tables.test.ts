import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';

/**
 * Issue 15 item 1: every table that belongs to a tenant (it has an owner, a user or a device column)
 * is walked, and every repository that touches it either applies the one scope rule
 * (platform/tenancy/scope.ts) or is listed below with the reason it need not. A new owned table, or a
 * new repository reading one, fails here until it does one or the other, so the rule cannot be
 * forgotten silently; a reviewer reads the reason.
 */
const SRC = fileURLToPath(new URL('../..', import.meta.url));
/** Columns that make a row someone's: its owner, its user, or its device (owned through the device). */
const OWNER_COLUMNS = ['owner_user_id', 'user_id', 'device_id'];

const DEVICE_SIDE = 'device traffic: rows keyed by the authenticated device or gateway, no signed-in user';
const AFTER_SERVICE_CHECK = 'loads by id after its service checked the scope';
/** Repository (path under src) -> why it touches owned rows without the scope helpers. */
const UNSCOPED: Record<string, string> = {
  'pipeline/pipeline.repository.ts': DEVICE_SIDE,
  'pipeline/device-directory.repository.ts': DEVICE_SIDE,
  'pipeline/triggers/alarm-engine.repository.ts': DEVICE_SIDE,
  'pipeline/triggers/trigger-holds.repository.ts': DEVICE_SIDE,
  'gateways/presence/presence.repository.ts': DEVICE_SIDE,
  'pipeline/rollup/rollup.repository.ts': 'the rollup job summarises every point’s history, system side',
  'gateways/mqtt/provisioning/registry.repository.ts': 'broker provisioning: every device, system side',
  'platform/notices/outbox.repository.ts':
    'the notice worker delivers every tenant’s queued notices, system side',
  'platform/notices/escalation.repository.ts':
    'the escalation job queues every tenant’s due notices along the trigger’s own links, system side',
  'modules/sms/sms-receipts.repository.ts':
    'provider receipts (token path) update the outbox row carrying the provider’s message id',
  'modules/sms/phone-codes.repository.ts':
    'codes by the phone they were sent to; binding by the signed-in user’s own id',
  'demo/demo-fleet.repository.ts': 'the DEMO=1 seed writes the demo account’s own fleet',
  'demo/demo-scada.repository.ts': 'the DEMO=1 seed writes the demo account’s own drawing',
  'demo/demo-ota.repository.ts': 'the DEMO=1 seed writes the demo account’s own OTA gateways',
  'modules/recharge/expiry-notices.repository.ts':
    'the leader’s pre-expiry tick covers every tenant; each notice goes to the device’s own owner',
  'modules/users/remaining-counts.repository.ts':
    'the remaining counts of one user id the caller already resolved (its own, or a user it manages)',
  'modules/recharge/refunds.repository.ts':
    'refunds are a platform administrator’s (the service checks that first); notifications find the refund by its number',
  'demo/demo-custom-screen.repository.ts': 'the DEMO=1 seed writes the demo account’s own custom screen',
  'demo/demo-alarms.repository.ts': 'the DEMO=1 seeds write past alarms of the demo account’s own devices',
  'demo/demo-maintenance.repository.ts': 'the DEMO=1 seed writes the demo account’s own work orders',
  'demo/demo-assets.repository.ts': 'the DEMO=1 seed reads the demo account’s own devices and assets',
  'demo/demo-notices.repository.ts': 'the DEMO=1 seed writes the demo account’s own notice log',
  'platform/notices/storm-cap.repository.ts':
    'the notice worker locks the contact of a notice it is sending, system side (no request scope)',
  'platform/notices/user-notices.repository.ts':
    'a person’s own notices: every read and mark names the signed-in user’s id, never another’s',
  'modules/auth/auth.repository.ts': 'the signed-in user’s own sessions, roles and login log, by its user id',
  'modules/users/users.repository.ts': 'accounts by id; the users services check isBelowDataOwner first',
  'modules/users/device-count.repository.ts':
    'counts per user id of users the caller manages (ids from managedUsers)',
  'modules/roles/roles.repository.ts':
    'roles of scope.dataOwnerId; roles.service checks the owner and the holder',
  'modules/customize/customize.repository.ts':
    'the caller’s own branding (owner = data owner) or a public domain lookup',
  'modules/customize/customize-admin.repository.ts':
    'the platform administrator’s branding management, by owner id',
  'modules/devices/points.repository.ts': `ports, slaves and points of one device: ${AFTER_SERVICE_CHECK} (visibleDevice)`,
  'modules/devices/device-counters.repository.ts': `link counters of one device: ${AFTER_SERVICE_CHECK} (visibleDevice)`,
  'modules/commands/commands.repository.ts': `commands of one device: ${AFTER_SERVICE_CHECK} (canSeeDevice)`,
  'modules/telemetry/telemetry.repository.ts': `points and latest values: ${AFTER_SERVICE_CHECK} (deviceLookup.visibleIds)`,
  'modules/exports/exports.repository.ts': 'the caller’s own export jobs (user_id = caller)',
  'modules/ledger/ledger.repository.ts':
    'ledger accounts by owner id; the ledger service decides who may move money',
};

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

const files = walk(SRC).filter((p) => !/\.test\.ts$/.test(p));
const rel = (p: string) => relative(SRC, p).split(sep).join('/');
const repositories = files.filter((p) => p.endsWith('.repository.ts'));
/** Comments removed: a word like "sessions" in prose is not the sessions table. */
const withoutComments = (text: string) =>
  text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
const source = new Map(repositories.map((p) => [p, withoutComments(readFileSync(p, 'utf8'))]));
const usesScopeRule = (text: string) => /platform\/tenancy\/scope\.js'|\.\/scope\.js'/.test(text);

interface OwnedTable {
  table: string;
  identifier: string;
  owner: string;
}

async function ownedTables(): Promise<OwnedTable[]> {
  const found: OwnedTable[] = [];
  for (const file of files.filter((p) => p.endsWith('.table.ts'))) {
    const module = (await import(file)) as Record<string, unknown>;
    for (const [identifier, value] of Object.entries(module)) {
      if (!(value instanceof PgTable)) continue;
      const config = getTableConfig(value);
      const owner = config.columns.map((c) => c.name).find((c) => OWNER_COLUMNS.includes(c));
      if (owner) found.push({ table: config.name, identifier, owner });
    }
  }
  return found;
}

/** Repositories that name the table's drizzle identifier or its SQL name. */
function repositoriesTouching(t: OwnedTable): string[] {
  const byIdentifier = new RegExp(`\\b${t.identifier}\\b`);
  const bySqlName = new RegExp(`\\b(from|join|into|update)\\s+${t.table}\\b`, 'i');
  return repositories.filter((p) => byIdentifier.test(source.get(p)!) || bySqlName.test(source.get(p)!));
}

describe('owned tables and the one scope rule', () => {
  it('finds the owned tables (the walk itself works)', async () => {
    const tables = (await ownedTables()).map((t) => t.table);
    expect(tables.length).toBeGreaterThan(20);
    for (const name of ['devices', 'data_points', 'alarm_log', 'scada_apps', 'device_groups']) {
      expect(tables).toContain(name);
    }
  });

  it('every repository touching an owned table applies the scope rule or says why it need not', async () => {
    const offenders: string[] = [];
    for (const table of await ownedTables()) {
      for (const repository of repositoriesTouching(table)) {
        if (usesScopeRule(source.get(repository)!) || UNSCOPED[rel(repository)]) continue;
        offenders.push(`${rel(repository)} touches ${table.table} (${table.owner})`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('lists no repository that does not need it (a stale reason hides nothing)', async () => {
    const touching = new Set<string>();
    for (const table of await ownedTables())
      for (const r of repositoriesTouching(table)) touching.add(rel(r));
    const stale = Object.keys(UNSCOPED).filter(
      (path) =>
        !touching.has(path) || usesScopeRule(source.get(repositories.find((p) => rel(p) === path)!) ?? ''),
    );
    expect(stale).toEqual([]);
  });
});
