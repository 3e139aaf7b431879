import { MODULE_DEFAULTS } from '@fleet/contracts';
import { describe, expect, it } from 'vitest';
import { isPlannedPath } from '../../app/planned-routes';
import { filterRoutes, flattenRoutes } from '../../app/route-access';
import type { AccessContext } from '../../app/route-types';
import { appRoutes } from '../../app/routes';

const ctx = (over: Partial<AccessContext>): AccessContext => ({
  authList: [],
  userType: 2,
  roles: [],
  modules: { ...MODULE_DEFAULTS },
  otaHost: null,
  currentHost: 'fleet.example.com',
  ...over,
});
const otaLeaves = (c: AccessContext) =>
  flattenRoutes(filterRoutes(appRoutes, c)).filter((l) => l.fullPath.startsWith('/ota'));

describe('the OTA menu group (SPEC 2.3)', () => {
  it('needs OtaManager for the group, which opens every OTA page as the server answers it', () => {
    expect(otaLeaves(ctx({ authList: ['ota.Device/index', 'ota.Sim/index'] }))).toEqual([]);
    expect(otaLeaves(ctx({ authList: ['OtaManager'] })).map((l) => l.fullPath)).toEqual([
      '/ota/device',
      '/ota/sim',
      '/ota/app',
      '/ota/firmware',
      '/ota/log',
      '/ota/strace',
    ]);
    const firmware = otaLeaves(ctx({ authList: ['OtaManager'] })).find((l) => l.fullPath === '/ota/firmware');
    expect(firmware?.meta?.hidden).toBe(true); // reached from the applications page, not the menu
  });

  it('has an external entry to the OTA host, only when there is one and this is not it', () => {
    const authList = ['OtaManager', 'ota.Device/index'];
    const external = (c: AccessContext) => otaLeaves(c).find((l) => l.meta?.external)?.meta?.external;
    expect(external(ctx({ authList, otaHost: 'ota.example.com' }))).toBe('//ota.example.com/ota/device');
    expect(external(ctx({ authList }))).toBeUndefined();
    expect(
      external(ctx({ authList, otaHost: 'ota.example.com', currentHost: 'ota.example.com' })),
    ).toBeUndefined();
  });

  it('shows "not built yet" for no OTA page: all of them are built', () => {
    for (const path of ['/ota/device', '/ota/sim', '/ota/firmware', '/ota/app', '/ota/log', '/ota/strace'])
      expect(isPlannedPath(path)).toBe(false);
  });
});
