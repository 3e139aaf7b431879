import { MODULE_DEFAULTS } from '@fleet/contracts';
import { describe, expect, it } from 'vitest';
import { filterRoutes, findLeaf, flattenRoutes } from './route-access';
import type { AccessContext } from './route-types';
import { appRoutes } from './routes';

const ctx = (authList: string[], modules: Partial<AccessContext['modules']> = {}): AccessContext => ({
  authList,
  userType: 2,
  roles: [],
  modules: { ...MODULE_DEFAULTS, ...modules },
});
const maintenance = (c: AccessContext) =>
  flattenRoutes(filterRoutes(appRoutes, c))
    .map((l) => l.fullPath)
    .filter((p) => p.startsWith('/maintenance'));

describe('maintenance menu: the device ledger (issue 22 item 1)', () => {
  const reader = ['maintenance.Asset/index'];

  it('shows the ledger by its permission while deviceAccount is on, even with maintenanceManage off', () => {
    expect(maintenance(ctx(reader))).toEqual([
      '/maintenance/asset',
      '/maintenance/asset/labels',
      '/maintenance/asset/:id',
    ]);
    expect(
      maintenance(ctx([...reader, 'maintenance.WorkOrder/index'], { maintenanceManage: false })),
    ).toEqual(['/maintenance/asset', '/maintenance/asset/labels', '/maintenance/asset/:id']);
    expect(maintenance(ctx(reader, { deviceAccount: false }))).toEqual([]);
    expect(maintenance(ctx(['maintenance.WorkOrder/index'], { deviceAccount: false }))).toEqual([
      '/maintenance/workOrder',
    ]);
  });

  it('keeps labels and detail out of the menu; labels print outside the shell; detail is matched by id', () => {
    const leaves = flattenRoutes(filterRoutes(appRoutes, ctx(reader)));
    const labels = findLeaf(leaves, '/maintenance/asset/labels');
    expect(labels?.meta).toMatchObject({ hidden: true, fullScreen: true });
    expect(findLeaf(leaves, '/maintenance/asset/12')?.fullPath).toBe('/maintenance/asset/:id');
    expect(findLeaf(leaves, '/maintenance/asset')?.meta?.hidden).toBeUndefined();
  });
});
