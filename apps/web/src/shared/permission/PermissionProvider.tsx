import { type ReactNode, useMemo } from 'react';
import { PermissionContext } from './permission';

export function PermissionProvider({
  authList,
  roles,
  children,
}: {
  authList: readonly string[] | undefined;
  roles: readonly string[] | undefined;
  children: ReactNode;
}) {
  const value = useMemo(() => ({ authList: authList ?? [], roles: roles ?? [] }), [authList, roles]);
  return <PermissionContext.Provider value={value}>{children}</PermissionContext.Provider>;
}
