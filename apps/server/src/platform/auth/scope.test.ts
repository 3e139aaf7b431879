import { ALL_PERMISSIONS } from '@fleet/contracts';
import { describe, expect, it } from 'vitest';
import { type ScopeRow, scopeOf } from './scope.js';

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

describe('scopeOf', () => {
  it('makes a customer the owner of its own data', () => {
    const scope = scopeOf(row({}));
    expect(scope.dataOwnerId).toBe(12);
    expect(scope.dataPath).toBe('/1/7/12/');
  });

  it('makes a sub-account act inside its parent data', () => {
    const scope = scopeOf(row({ isSubuser: true }));
    expect(scope.dataOwnerId).toBe(7);
    expect(scope.dataPath).toBe('/1/7/');
  });

  it('grants every permission to the admin role and only the listed ones otherwise', () => {
    expect(
      scopeOf(row({ roles: [{ name: 'admin', permissions: [], is_admin: true }] })).permissions.size,
    ).toBe(ALL_PERMISSIONS.length);
    const scope = scopeOf(
      row({ roles: [{ name: 'ops', permissions: ['auth.User', 'Event'], is_admin: false }] }),
    );
    expect([...scope.permissions].sort()).toEqual(['Event', 'auth.User']);
    expect(scope.isAdmin).toBe(false);
  });
});
