import { fireEvent, render, renderHook, screen } from '@testing-library/react';
import { Button, Popconfirm } from 'antd';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { PermissionProvider } from './PermissionProvider';
import { Permit } from './Permit';
import { canWrite, hasPermission, useCanWrite, usePermission, useReadOnly } from './permission';

const withPerms =
  (authList: string[], roles: string[] = []) =>
  ({ children }: { children: ReactNode }) => (
    <PermissionProvider authList={authList} roles={roles}>
      {children}
    </PermissionProvider>
  );

describe('permission directive (SPEC 6)', () => {
  it('passes a wrapping Popconfirm its click: the confirmation opens for an allowed control', async () => {
    const Wrapper = withPerms(['auth.User/edit']);
    render(
      <Wrapper>
        <Popconfirm title="really?">
          <Permit perm="auth.User/edit" mode="disable">
            <Button>rotate</Button>
          </Permit>
        </Popconfirm>
      </Wrapper>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'rotate' }));
    expect(await screen.findByText('really?')).toBeTruthy();
  });

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

describe('read-only accounts (the demo)', () => {
  const readOnly = ({ children }: { children: ReactNode }) => (
    <PermissionProvider authList={['auth.User/add']} roles={['admin']} readOnly>
      {children}
    </PermissionProvider>
  );

  it('see what they may see but may change nothing, whatever the auth list or roles say', () => {
    expect(renderHook(() => usePermission('auth.User/add'), { wrapper: readOnly }).result.current).toBe(true);
    expect(renderHook(() => useCanWrite('auth.User/add'), { wrapper: readOnly }).result.current).toBe(false);
    expect(renderHook(() => useCanWrite(), { wrapper: readOnly }).result.current).toBe(false);
    expect(renderHook(() => useReadOnly(), { wrapper: readOnly }).result.current).toBe(true);
    expect(canWrite({ authList: ['a'] }, 'a')).toBe(true);
    expect(canWrite({ authList: ['a'] })).toBe(true);
    expect(canWrite({ authList: ['a'], readOnly: true }, 'a')).toBe(false);
  });

  it('get no write control: hidden, or disabled in disable mode', () => {
    render(
      <PermissionProvider authList={['auth.User/add']} roles={[]} readOnly>
        <Permit perm="auth.User/add">
          <Button>add</Button>
        </Permit>
        <Permit mode="disable">
          <Button>save</Button>
        </Permit>
      </PermissionProvider>,
    );
    expect(screen.queryByText('add')).toBeNull();
    expect((screen.getByRole('button', { name: 'save' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
