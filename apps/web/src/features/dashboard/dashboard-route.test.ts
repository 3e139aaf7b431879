import { MODULE_DEFAULTS } from '@fleet/contracts';
import { describe, expect, it } from 'vitest';
import { filterRoutes, flattenRoutes, landingPath } from '../../app/route-access';
import type { AccessContext } from '../../app/route-types';
import { appRoutes } from '../../app/routes';

const ctx = (authList: string[]): AccessContext => ({
  authList,
  userType: 2,
  roles: [],
  modules: { ...MODULE_DEFAULTS },
});
const host = { otaHost: null, currentHost: 'fleet.example.com' };

describe('/dashboard/index in the route table (SPEC 2.1, 2.3)', () => {
  it('is the landing page of a user holding PlatformOverView', () => {
    const permitted = filterRoutes(appRoutes, ctx(['PlatformOverView', 'DeviceManage']));
    expect(flattenRoutes(permitted).map((l) => l.fullPath)).toContain('/dashboard/index');
    expect(landingPath(permitted, host)).toBe('/dashboard/index');
  });

  it('is absent without PlatformOverView, and the next first page lands', () => {
    const permitted = filterRoutes(appRoutes, ctx(['DeviceManage']));
    expect(permitted.map((r) => r.path)).not.toContain('/dashboard');
    expect(landingPath(permitted, host)).toBe('/user/me');
  });
});
