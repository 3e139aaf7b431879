import { MODULE_DEFAULTS } from '@fleet/contracts';
import { describe, expect, it } from 'vitest';
import {
  filterRoutes,
  findLeaf,
  flattenRoutes,
  hasRouteRole,
  isRouteVisible,
  landingPath,
  loginUrl,
  safeRedirect,
} from './route-access';
import type { AccessContext, AppRoute } from './route-types';
import { appRoutes } from './routes';

const page = async () => ({ default: () => null });

const ctx = (over: Partial<AccessContext> = {}): AccessContext => ({
  authList: [],
  userType: 2,
  roles: [],
  modules: { ...MODULE_DEFAULTS },
  ...over,
});

const table: AppRoute[] = [
  {
    path: '/dashboard',
    meta: { titleKey: 'd' },
    children: [{ path: 'index', meta: { titleKey: 'd', permission: 'PlatformOverView' }, page }],
  },
  {
    path: '/ota',
    meta: { titleKey: 'ota', permission: 'OtaManager' },
    children: [
      { path: 'device', meta: { titleKey: 'od', permission: 'ota.Device/index' }, page },
      { path: 'firmware', meta: { titleKey: 'of', permission: 'ota.Plan/index', hidden: true }, page },
      { path: 'external', meta: { titleKey: 'ox', external: 'https://ota.example.com' } },
    ],
  },
  {
    path: '/user',
    meta: { titleKey: 'user' },
    children: [
      { path: 'authrule', meta: { titleKey: 'rule', userTypes: [0], permission: 'never-held' }, page },
      { path: 'loginLog', meta: { titleKey: 'log', permission: 'auth.UserLog', module: 'loginLog' }, page },
      { path: 'customize', meta: { titleKey: 'c', userTypes: [0], module: 'userCustomize' }, page },
      { path: 'me', meta: { titleKey: 'me' }, page },
      { path: 'secret', meta: { titleKey: 's', roles: ['auditor'] }, page },
    ],
  },
  { path: '/open', page },
  {
    path: '/scada',
    meta: {
      titleKey: 'scada',
      permission: (c) => c.authList.includes('ScadaManager') && c.authList.includes('ScadaNavbarShow'),
    },
    children: [{ path: 'app', meta: { titleKey: 'app', permission: 'IndScada' }, page }],
  },
];

const paths = (routes: AppRoute[]) => flattenRoutes(routes).map((l) => l.fullPath);

describe('isRouteVisible (SPEC 6)', () => {
  it('shows routes without meta or restriction to everybody', () => {
    expect(isRouteVisible(undefined, ctx())).toBe(true);
    expect(isRouteVisible({ titleKey: 'x' }, ctx())).toBe(true);
  });

  it('checks the user-type list before the permission', () => {
    const meta = { titleKey: 'x', userTypes: [0], permission: 'auth.User' };
    expect(isRouteVisible(meta, ctx({ userType: 0 }))).toBe(true);
    expect(isRouteVisible(meta, ctx({ userType: 1, authList: ['auth.User'] }))).toBe(false);
  });

  it('matches a permission string against the auth list, or calls a predicate', () => {
    expect(isRouteVisible({ titleKey: 'x', permission: 'Event' }, ctx({ authList: ['Event'] }))).toBe(true);
    expect(isRouteVisible({ titleKey: 'x', permission: 'Event' }, ctx({ authList: ['Event/log'] }))).toBe(
      false,
    );
    expect(isRouteVisible({ titleKey: 'x', permission: (c) => c.userType === 2 }, ctx())).toBe(true);
  });

  it('hides routes of a module that is switched off, whatever else holds', () => {
    const meta = { titleKey: 'x', module: 'loginLog' as const };
    expect(isRouteVisible(meta, ctx())).toBe(true);
    expect(isRouteVisible(meta, ctx({ modules: { ...MODULE_DEFAULTS, loginLog: false }, userType: 0 }))).toBe(
      false,
    );
  });
});

describe('filterRoutes', () => {
  it('keeps only what a user without permissions may see and drops empty groups', () => {
    expect(paths(filterRoutes(table, ctx()))).toEqual(['/user/me', '/user/secret', '/open']);
    expect(filterRoutes(table, ctx()).map((r) => r.path)).toEqual(['/user', '/open']);
  });

  it('needs the group permission and the child permission', () => {
    const onlyChild = ctx({ authList: ['ota.Device/index'] });
    expect(paths(filterRoutes(table, onlyChild))).not.toContain('/ota/device');
    const both = ctx({ authList: ['OtaManager', 'ota.Device/index'] });
    expect(paths(filterRoutes(table, both))).toEqual(
      expect.arrayContaining(['/ota/device', '/ota/external']),
    );
    expect(paths(filterRoutes(table, both))).not.toContain('/ota/firmware');
  });

  it('gives user type 0 the type-restricted pages, except those of a module switched off', () => {
    const p = paths(filterRoutes(table, ctx({ userType: 0 })));
    expect(p).toContain('/user/authrule');
    expect(p).not.toContain('/user/customize'); // userCustomize is off by default (SPEC 1)
    const on = paths(
      filterRoutes(table, ctx({ userType: 0, modules: { ...MODULE_DEFAULTS, userCustomize: true } })),
    );
    expect(on).toContain('/user/customize');
  });

  it('evaluates function permissions on groups (SCADA needs two permissions)', () => {
    expect(paths(filterRoutes(table, ctx({ authList: ['IndScada', 'ScadaManager'] })))).not.toContain(
      '/scada/app',
    );
    expect(
      paths(filterRoutes(table, ctx({ authList: ['IndScada', 'ScadaManager', 'ScadaNavbarShow'] }))),
    ).toContain('/scada/app');
  });

  it('keeps the real SCADA pages reachable with IndScada, the menu group only with ScadaManager and ScadaNavbarShow', () => {
    const scadaOf = (authList: string[]) =>
      filterRoutes(appRoutes, ctx({ authList })).find((r) => r.path === '/scada');
    expect(scadaOf([])).toBeUndefined();
    expect(scadaOf(['ScadaManager', 'ScadaNavbarShow'])).toBeUndefined();
    const readOnly = scadaOf(['IndScada']);
    expect(readOnly?.children?.map((c) => c.path)).toEqual(['app', 'template']);
    expect(readOnly?.meta?.hidden).toBe(true);
    expect(scadaOf(['IndScada', 'ScadaManager'])?.meta?.hidden).toBe(true);
    expect(scadaOf(['IndScada', 'ScadaManager', 'ScadaNavbarShow'])?.meta?.hidden).toBeFalsy();
    // A group kept out of the menu is never the landing page.
    const permitted = filterRoutes(appRoutes, ctx({ authList: ['IndScada'] }));
    expect(landingPath(permitted, { otaHost: null, currentHost: 'x' })).not.toMatch(/^\/scada/);
  });

  it('keeps the real route table usable by every user: the profile needs no permission', () => {
    expect(paths(filterRoutes(appRoutes, ctx({ userType: 5 })))).toContain('/user/me');
  });
});

describe('hasRouteRole (SPEC 2.2)', () => {
  it('lets admin through, routes without roles through, and requires a match otherwise', () => {
    expect(hasRouteRole(['admin'], { titleKey: 'x', roles: ['auditor'] })).toBe(true);
    expect(hasRouteRole([], { titleKey: 'x' })).toBe(true);
    expect(hasRouteRole([], { titleKey: 'x', roles: [] })).toBe(true);
    expect(hasRouteRole(['viewer'], { titleKey: 'x', roles: ['auditor'] })).toBe(false);
    expect(hasRouteRole(['viewer', 'auditor'], { titleKey: 'x', roles: ['auditor'] })).toBe(true);
  });
});

describe('landingPath (SPEC 2.1)', () => {
  const host = { otaHost: null, currentHost: 'fleet.example.com' };

  it('is the first visible, non-hidden, non-external page', () => {
    const all = ctx({ authList: ['PlatformOverView', 'OtaManager', 'ota.Device/index'] });
    expect(landingPath(filterRoutes(table, all), host)).toBe('/dashboard/index');
    const noDashboard = ctx({ authList: ['OtaManager', 'ota.Plan/index'] });
    // firmware is hidden and external is external: the next candidate is /user/me
    expect(landingPath(filterRoutes(table, noDashboard), host)).toBe('/user/me');
  });

  it('is /ota/device on the OTA host when that page is permitted', () => {
    const c = ctx({ authList: ['PlatformOverView', 'OtaManager', 'ota.Device/index'] });
    const ota = { otaHost: 'ota.example.com:8080', currentHost: 'ota.example.com:8080' };
    expect(landingPath(filterRoutes(table, c), ota)).toBe('/ota/device');
    // the real table: /ota/device on the OTA host, the first page (the dashboard) anywhere else
    expect(landingPath(filterRoutes(appRoutes, c), ota)).toBe('/ota/device');
    expect(landingPath(filterRoutes(appRoutes, c), host)).toBe('/dashboard/index');
    // without the OTA permissions the OTA host lands as any other (OtaManager alone opens every OTA
    // page, as the server answers it)
    const noOta = ctx({ authList: ['PlatformOverView', 'ota.Device/index'] });
    expect(landingPath(filterRoutes(appRoutes, noOta), ota)).toBe('/dashboard/index');
  });

  it('falls back to /404 when nothing is visible', () => {
    expect(landingPath([], host)).toBe('/404');
  });
});

describe('findLeaf', () => {
  it('finds permitted page routes only, never external entries', () => {
    const leaves = flattenRoutes(filterRoutes(table, ctx({ authList: ['OtaManager', 'ota.Device/index'] })));
    expect(findLeaf(leaves, '/ota/device')?.fullPath).toBe('/ota/device');
    expect(findLeaf(leaves, '/ota/external')).toBeUndefined();
    expect(findLeaf(leaves, '/dashboard/index')).toBeUndefined();
    expect(findLeaf(leaves, '/ota/device/extra')).toBeUndefined();
  });
});

describe('login redirect helpers', () => {
  it('builds /login?redirect= with a readable path and encoded query', () => {
    expect(loginUrl('/user/me')).toBe('/login?redirect=/user/me');
    expect(loginUrl('/a?b=1&c=2')).toBe('/login?redirect=/a%3Fb%3D1%26c%3D2');
  });

  it('accepts only same-origin paths as redirect targets', () => {
    expect(safeRedirect('/user/me')).toBe('/user/me');
    expect(safeRedirect(null)).toBe('/');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect('/login')).toBe('/');
  });
});
