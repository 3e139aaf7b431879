import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { type PermissionNeed, usePermission } from './permission';

/**
 * SPEC 6 permission directive: without the permission the child is hidden (`mode="hide"`, the default)
 * or rendered disabled (`mode="disable"`, the child must accept a `disabled` prop, as Ant Design buttons do).
 */
export function Permit({
  perm,
  mode = 'hide',
  fallback = null,
  children,
}: {
  perm: PermissionNeed;
  mode?: 'hide' | 'disable';
  fallback?: ReactNode;
  children: ReactNode;
}) {
  const allowed = usePermission(perm);
  if (allowed) return <>{children}</>;
  if (mode === 'hide') return <>{fallback}</>;
  if (isValidElement(children)) {
    return cloneElement(children as ReactElement<{ disabled?: boolean; 'data-denied'?: string }>, {
      disabled: true,
      'data-denied': 'true',
    });
  }
  return <>{fallback}</>;
}
