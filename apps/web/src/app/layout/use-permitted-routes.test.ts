import type { CustomScreenRow } from '@fleet/contracts';
import { describe, expect, it } from 'vitest';
import type { AppRoute } from '../route-types';
import { withPublishedScreens } from './use-permitted-routes';

const screen = (id: number, name: string): CustomScreenRow => ({
  id,
  name,
  owner_user_id: 1,
  version: 1,
  published: true,
  shared: false,
  shared_at: null,
  created_at: '',
  updated_at: '',
});

describe('published custom screens in the menu', () => {
  const routes: AppRoute[] = [
    { path: '/dashboard', meta: { titleKey: 'menu.dashboard' }, children: [{ path: 'index' }] },
    { path: '/monitorScreen', meta: { titleKey: 'menu.monitorScreen' }, children: [{ path: 'custom' }] },
  ];

  it('adds one external entry per published screen under Monitoring screens, titled by its name', () => {
    const out = withPublishedScreens(routes, [screen(4, 'Plant overview'), screen(9, 'Boilers')]);
    const group = out.find((r) => r.path === '/monitorScreen')!;
    expect(group.children!.map((c) => c.meta?.title ?? c.path)).toEqual([
      'custom',
      'Plant overview',
      'Boilers',
    ]);
    expect(group.children![1]!.meta?.external).toBe('/monitorScreen/custom/4');
    expect(out[0]).toBe(routes[0]);
  });

  it('leaves the tree as it is without published screens, or when the user has no screens group', () => {
    expect(withPublishedScreens(routes, [])).toBe(routes);
    const without = [routes[0]!];
    expect(withPublishedScreens(without, [screen(1, 'x')])).toEqual(without);
  });
});
