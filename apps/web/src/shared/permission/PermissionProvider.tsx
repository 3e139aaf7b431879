import { type ReactNode, useMemo } from 'react';
import { PermissionContext } from './permission';

export function PermissionProvider({
  authList,
  roles,
  readOnly = false,
  children,
}: {
  authList: readonly string[] | undefined;
  roles: readonly string[] | undefined;
  readOnly?: boolean;
  children: ReactNode;
}) {
  const value = useMemo(
    () => ({ authList: authList ?? [], roles: roles ?? [], readOnly }),
    [authList, roles, readOnly],
  );
  return <PermissionContext.Provider value={value}>{children}</PermissionContext.Provider>;
}
