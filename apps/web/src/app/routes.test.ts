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
/** SPEC 2.1's fixed /fee/overview is every signed-in user's; the lists below are about the rest. */
const visible = (c: AccessContext) =>
  flattenRoutes(filterRoutes(appRoutes, c))
    .map((l) => l.fullPath)
    .filter((p) => p !== '/fee/overview');

describe('recharge center (SPEC 2.3 group Recharge)', () => {
  it('shows each page by its permission, /recharge hidden but reachable, the fee overview to everyone', () => {
    const all = flattenRoutes(filterRoutes(appRoutes, ctx({}))).map((l) => l.fullPath);
    expect(all).toContain('/fee/overview');
    const c = ctx({ authList: ['Recharge', 'Recharge/balance'] });
    expect(visible(c)).toEqual(['/user/me', '/balance', '/recharge']);
    expect(visible(ctx({ authList: ['Recharge', 'Recharge/comsume_record'] }))).toEqual([
      '/user/me',
      '/consumeOrder',
    ]);
    expect(visible(ctx({ authList: ['Recharge', 'Recharge/renew', 'Recharge/renew_record'] }))).toEqual([
      '/user/me',
      '/deviceRecharge',
      '/deviceOrder',
    ]);
    // Without the group permission the pages are not offered.
    expect(visible(ctx({ authList: ['Recharge/balance'] }))).toEqual(['/user/me']);
    const recharge = flattenRoutes(filterRoutes(appRoutes, c)).find((l) => l.fullPath === '/recharge');
    expect(recharge?.meta?.hidden).toBe(true);
  });
});

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
