import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScopeRow, scopeOf } from '../auth/scope.js';
import { containsPattern, escapeLike } from '../db/like.js';
import {
  canSeeOwnerPath,
  isBelowDataOwner,
  managedUsers,
  ownerIdInScope,
  ownerPathInScope,
  pathBelow,
  pathInSubtree,
  subtreePattern,
} from './scope.js';

const row = (over: Partial<ScopeRow>): ScopeRow => ({
  userId: 12,
  userType: 2,
  path: '/1/7/12/',
  isDemo: false,
  sessionId: 's',
  isSubuser: false,
  parentId: 7,
  parentPath: '/1/7/',
  roles: [],
  ...over,
});
const customer = scopeOf(row({}));
const subAccount = scopeOf(row({ userId: 13, path: '/1/7/13/', isSubuser: true }));
const dialect = new PgDialect();
const render = (cond: SQL) => dialect.sqlToQuery(cond);

describe('LIKE escaping', () => {
  it('escapes %, _ and \\ so that text matches only itself', () => {
    expect(escapeLike('50%_a\\b')).toBe('50\\%\\_a\\\\b');
    expect(containsPattern('a_b')).toBe('%a\\_b%');
    expect(subtreePattern('/1/7/')).toBe('/1/7/%');
    expect(subtreePattern('/1_%\\/')).toBe('/1\\_\\%\\\\/%');
  });
});

describe('the tenancy rule in SQL', () => {
  let pg: PGlite;
  beforeAll(async () => {
    pg = new PGlite();
    await pg.exec(`CREATE TABLE users (id int PRIMARY KEY, path text NOT NULL);
      INSERT INTO users VALUES (1, '/1/'), (7, '/1/7/'), (12, '/1/7/12/'), (13, '/1/7/13/'),
        (70, '/1/70/'), (120, '/1/7/12/120/'), (8, '/1/8/');`);
  });
  afterAll(() => pg.close());

  const ids = async (cond: SQL) => {
    const q = render(sql`SELECT u.id FROM users u WHERE ${cond} ORDER BY u.id`);
    return (await pg.query<{ id: number }>(q.sql, q.params)).rows.map((r) => r.id);
  };

  it('takes the data owner and everything below it, not a sibling sharing a prefix', async () => {
    expect(await ids(ownerPathInScope(customer, sql`u.path`))).toEqual([12, 120]);
    expect(await ids(pathInSubtree(sql`u.path`, '/1/7/'))).toEqual([7, 12, 13, 120]);
  });

  it('a sub-account sees its parent data, not only its own', async () => {
    expect(await ids(ownerPathInScope(subAccount, sql`u.path`))).toEqual([7, 12, 13, 120]);
  });

  it('manages only users strictly below its data owner', async () => {
    const below = render(managedUsers(customer));
    expect(below.sql).toBe('("users"."path" LIKE $1 and "users"."id" <> $2)');
    expect(below.params).toEqual(['/1/7/12/%', 12]);
    expect(render(pathBelow(sql`u.path` as never, '/1/7/')).params).toEqual(['/1/7/%', '/1/7/']);
  });

  it('filters owner ids through a subquery on users', async () => {
    const q = render(ownerIdInScope(customer, sql`x.owner_user_id`));
    expect(q.sql).toBe('x.owner_user_id IN (SELECT "users"."id" FROM "users" WHERE "users"."path" LIKE $1)');
    expect(q.params).toEqual(['/1/7/12/%']);
  });

  it('a wildcard in a path does not widen the pattern', async () => {
    // '_' would match any one character and '%' anything, were they not escaped.
    expect(await ids(pathInSubtree(sql`u.path`, '/1/_/'))).toEqual([]);
    expect(await ids(pathInSubtree(sql`u.path`, '/1/%'))).toEqual([]);
    expect(await ids(pathInSubtree(sql`u.path`, '/1/7\\/'))).toEqual([]);
  });

  it('matches literal %, _ and \\ in stored text', async () => {
    await pg.exec(`INSERT INTO users VALUES (900, '/a_%\\b/'), (901, '/aX%\\b/'), (902, '/a_Y\\b/')`);
    expect(await ids(pathInSubtree(sql`u.path`, '/a_%\\b/'))).toEqual([900]);
    expect(await ids(sql`u.path ILIKE ${containsPattern('_%\\')}`)).toEqual([900]);
  });
});

describe('the same rule on loaded rows', () => {
  it('sees the data owner subtree, self included', () => {
    expect(canSeeOwnerPath(customer, '/1/7/12/')).toBe(true);
    expect(canSeeOwnerPath(customer, '/1/7/12/120/')).toBe(true);
    expect(canSeeOwnerPath(customer, '/1/7/')).toBe(false);
    expect(canSeeOwnerPath(customer, '/1/7/120/')).toBe(false);
    expect(canSeeOwnerPath(subAccount, '/1/7/12/')).toBe(true);
  });

  it('manages strictly below the data owner', () => {
    expect(isBelowDataOwner(customer, '/1/7/12/')).toBe(false);
    expect(isBelowDataOwner(customer, '/1/7/12/120/')).toBe(true);
    expect(isBelowDataOwner(subAccount, '/1/7/')).toBe(false);
    expect(isBelowDataOwner(subAccount, '/1/7/12/')).toBe(true);
  });
});

describe('one place for the rule', () => {
  // A new repository copies the helpers above; a hand-written `path LIKE` is refused here.
  const src = fileURLToPath(new URL('../../', import.meta.url));
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((e) => {
      const p = join(dir, e);
      return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') && !p.endsWith('.test.ts') ? [p] : [];
    });

  it('no server file outside platform/tenancy writes the subtree LIKE itself', () => {
    const offenders: string[] = [];
    for (const file of files(src)) {
      const name = relative(src, file);
      if (name.startsWith(join('platform', 'tenancy'))) continue;
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (/^\s*(\*|\/\/|\/\*)/.test(line)) return;
          if (/path\}?\s+like\b|like\([^)]*path|dataPath\}?%|startsWith\([^)]*dataPath/i.test(line))
            offenders.push(`${name}:${i + 1}`);
        });
    }
    expect(offenders).toEqual([]);
  });
});
