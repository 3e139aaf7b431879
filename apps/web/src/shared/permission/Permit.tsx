import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { type PermissionNeed, useCanWrite } from './permission';

/**
 * SPEC 6 permission directive for every control that changes something (add, edit, delete, save, send,
 * import...): without the permission, or for a read-only account (the demo), the child is hidden
 * (`mode="hide"`, the default) or rendered disabled (`mode="disable"`, the child must accept a `disabled`
 * prop, as Ant Design buttons do). `perm` may be left out when only the read-only rule applies.
 */
export function Permit({
  perm,
  mode = 'hide',
  fallback = null,
  children,
  ...injected
}: {
  perm?: PermissionNeed;
  mode?: 'hide' | 'disable';
  fallback?: ReactNode;
  children: ReactNode;
  /**
   * Props a wrapping Popconfirm, Tooltip or Dropdown injects into its child (onClick, ref, ...): passed on
   * to the control, or the wrapper would never hear the click.
   */
  [prop: string]: unknown;
}) {
  const allowed = useCanWrite(perm);
  const element = isValidElement(children) ? (children as ReactElement<Record<string, unknown>>) : null;
  if (allowed) return element ? cloneElement(element, injected) : <>{children}</>;
  if (mode === 'hide') return <>{fallback}</>;
  if (element) return cloneElement(element, { ...injected, disabled: true, 'data-denied': 'true' });
  return <>{fallback}</>;
}
