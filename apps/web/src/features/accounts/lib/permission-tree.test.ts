import { ALL_PERMISSIONS, PERMISSION_GROUPS } from '@fleet/contracts';
import { describe, expect, it } from 'vitest';
import {
  buildPermissionTree,
  permissionKey,
  permissionsOfChecked,
  permissionsToSave,
} from './permission-tree';

const t = (k: string) => `T(${k})`;

describe('permission tree', () => {
  it('has one group per PERMISSION_GROUPS entry with every permission, translated', () => {
    const tree = buildPermissionTree([], ['admin'], t);
    expect(tree.map((g) => g.key)).toEqual(Object.keys(PERMISSION_GROUPS).map((g) => `group:${g}`));
    expect(tree.flatMap((g) => g.children?.map((c) => c.key) ?? [])).toEqual([...ALL_PERMISSIONS]);
    expect(tree[0]?.title).toBe('T(accounts.permGroup.overview)');
    expect(permissionKey('auth.User/add')).toBe('accounts.perm.auth_User_add');
  });

  it('makes only the permissions I hold selectable; a group with none of them is disabled', () => {
    const tree = buildPermissionTree(['auth.User', 'auth.User/add', 'Event'], ['manufacturer'], t);
    const user = tree.find((g) => g.key === 'group:user');
    expect(user?.disabled).toBe(false);
    expect(user?.children?.filter((c) => !c.disabled).map((c) => c.key)).toEqual([
      'auth.User',
      'auth.User/add',
    ]);
    expect(tree.find((g) => g.key === 'group:ota')?.disabled).toBe(true);
    expect(
      tree.find((g) => g.key === 'group:alarm')?.children?.find((c) => c.key === 'Event')?.disabled,
    ).toBe(false);
  });

  it('the admin role may give every permission', () => {
    const tree = buildPermissionTree([], ['admin'], t);
    expect(tree.every((g) => !g.disabled && g.children?.every((c) => !c.disabled))).toBe(true);
  });

  it('drops group keys and unknown keys, keeps catalogue order', () => {
    expect(permissionsOfChecked(['group:user', 'auth.User/add', 'nope', 'Event'])).toEqual([
      'Event',
      'auth.User/add',
    ]);
  });

  it('saves only selectable permissions plus what the role had beyond my reach', () => {
    const held = ['auth.User', 'Event'];
    expect(permissionsToSave(['auth.User', 'DeviceManage'], ['Others'], held, ['x'])).toEqual([
      'auth.User',
      'Others',
    ]);
    expect(permissionsToSave(['DeviceManage'], [], [], ['admin'])).toEqual(['DeviceManage']);
  });
});
