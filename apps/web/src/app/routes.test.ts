import { MODULE_DEFAULTS } from '@fleet/contracts';
import { describe, expect, it } from 'vitest';
import { filterRoutes, flattenRoutes, landingPath } from './route-access';
import type { AccessContext } from './route-types';
import { appRoutes } from './routes';

const ctx = (over: Partial<AccessContext>): AccessContext => ({
  authList: [],
  userType: 2,
  roles: [],
  modules: { ...MODULE_DEFAULTS },
  ...over,
});
const visible = (c: AccessContext) => flattenRoutes(filterRoutes(appRoutes, c)).map((l) => l.fullPath);

describe('accounts routes of the route table (SPEC 2.3)', () => {
  it('a user without permissions sees only the profile, which is the landing page', () => {
    expect(visible(ctx({}))).toEqual(['/user/me']);
    expect(landingPath(filterRoutes(appRoutes, ctx({})), { otaHost: null, currentHost: 'x' })).toBe(
      '/user/me',
    );
  });

  it('each page follows its permission; the login log also its module', () => {
    const c = ctx({ authList: ['auth.User', 'auth.User/register', 'auth.Group/index', 'auth.UserLog'] });
    expect(visible(c)).toEqual([
      '/user/me',
      '/user/authuser',
      '/user/registerUser',
      '/user/authgroup',
      '/user/loginLog',
    ]);
    expect(visible({ ...c, modules: { ...c.modules, loginLog: false } })).not.toContain('/user/loginLog');
  });

  it('rules, customization and platform management are for user type 0 only', () => {
    const all = ['auth.Customize', 'Others'];
    const modules = { ...MODULE_DEFAULTS, authRule: true, userCustomize: true };
    expect(visible(ctx({ authList: all, modules, userType: 1 }))).toEqual(['/user/me']);
    const platform = visible(ctx({ authList: all, modules, userType: 0 }));
    expect(platform).toEqual(['/user/me', '/user/authrule', '/user/customize', '/other/platform']);
    // customization needs its permission and its module; platform management the group permission Others.
    expect(visible(ctx({ authList: ['Others'], modules, userType: 0 }))).not.toContain('/user/customize');
    expect(visible(ctx({ authList: all, userType: 0 }))).not.toContain('/user/customize');
    expect(visible(ctx({ authList: ['auth.Customize'], modules, userType: 0 }))).not.toContain(
      '/other/platform',
    );
  });
});
