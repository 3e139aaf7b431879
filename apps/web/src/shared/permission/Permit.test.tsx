import { render, renderHook, screen } from '@testing-library/react';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { PermissionProvider } from './PermissionProvider';
import { Permit } from './Permit';
import { hasPermission, usePermission } from './permission';

const withPerms =
  (authList: string[], roles: string[] = []) =>
  ({ children }: { children: ReactNode }) => (
    <PermissionProvider authList={authList} roles={roles}>
      {children}
    </PermissionProvider>
  );

describe('permission directive (SPEC 6)', () => {
  it('hasPermission: one of a list is enough, admin has all, no source has none', () => {
    expect(hasPermission({ authList: ['auth.User'] }, 'auth.User')).toBe(true);
    expect(hasPermission({ authList: ['auth.User'] }, 'auth.User/add')).toBe(false);
    expect(hasPermission({ authList: ['a'] }, ['b', 'a'])).toBe(true);
    expect(hasPermission({ authList: [], roles: ['admin'] }, 'anything')).toBe(true);
    expect(hasPermission(null, 'auth.User')).toBe(false);
  });

  it('usePermission reads the provided auth list', () => {
    const { result } = renderHook(() => usePermission('auth.User/add'), {
      wrapper: withPerms(['auth.User/add']),
    });
    expect(result.current).toBe(true);
  });

  it('hides the child without the permission (default) and shows it with', () => {
    const Wrapper = withPerms(['auth.User/edit']);
    render(
      <Wrapper>
        <Permit perm="auth.User/add">
          <Button>add</Button>
        </Permit>
        <Permit perm="auth.User/edit">
          <Button>edit</Button>
        </Permit>
      </Wrapper>,
    );
    expect(screen.queryByText('add')).toBeNull();
    expect((screen.getByRole('button', { name: 'edit' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('disables the child in disable mode', () => {
    const Wrapper = withPerms([]);
    render(
      <Wrapper>
        <Permit perm="auth.User/delete" mode="disable">
          <Button>delete</Button>
        </Permit>
      </Wrapper>,
    );
    const button = screen.getByRole('button', { name: 'delete' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('data-denied')).toBe('true');
  });
});
