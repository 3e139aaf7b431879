import { ADMIN_ROLE, PERMISSION_GROUPS, type PermissionGroup } from '@fleet/contracts';

/** i18n key of a permission label: dots and slashes are not usable inside i18next keys. */
export const permissionKey = (permission: string): string =>
  `accounts.perm.${permission.replace(/[./]/g, '_')}`;
export const groupKey = (group: string): string => `accounts.permGroup.${group}`;
export const GROUP_PREFIX = 'group:';

export interface PermissionTreeNode {
  key: string;
  title: string;
  disabled: boolean;
  children?: PermissionTreeNode[];
}

/**
 * The permission tree of the role form: one node per PERMISSION_GROUPS group, one leaf per permission.
 * Only permissions I hold are selectable (the contract: a caller creates roles only with its own
 * permissions); a group is disabled when none of its permissions is selectable.
 */
export function buildPermissionTree(
  held: readonly string[],
  myRoles: readonly string[],
  t: (key: string) => string,
): PermissionTreeNode[] {
  const isAdmin = myRoles.includes(ADMIN_ROLE);
  return (Object.keys(PERMISSION_GROUPS) as PermissionGroup[]).map((group) => {
    const children = PERMISSION_GROUPS[group].map((p) => ({
      key: p,
      title: t(permissionKey(p)),
      disabled: !isAdmin && !held.includes(p),
    }));
    return {
      key: `${GROUP_PREFIX}${group}`,
      title: t(groupKey(group)),
      disabled: children.every((c) => c.disabled),
      children,
    };
  });
}

/** The permissions of a tree selection (group keys dropped, order of the catalogue kept). */
export function permissionsOfChecked(checked: readonly string[]): string[] {
  const set = new Set(checked);
  return Object.values(PERMISSION_GROUPS)
    .flat()
    .filter((p) => set.has(p));
}

/**
 * What a role save sends: the permissions checked that I may give, plus the ones the role already had that
 * I cannot see as selectable (a sub-account editing its parent's role must not silently strip them).
 */
export function permissionsToSave(
  checked: readonly string[],
  original: readonly string[],
  held: readonly string[],
  myRoles: readonly string[],
): string[] {
  const isAdmin = myRoles.includes(ADMIN_ROLE);
  const chosen = permissionsOfChecked(checked).filter((p) => isAdmin || held.includes(p));
  const kept = original.filter((p) => !isAdmin && !held.includes(p));
  return permissionsOfChecked([...chosen, ...kept]);
}
