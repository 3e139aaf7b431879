import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { systemKeys } from '../../system/api/keys';

vi.mock('../../../shared/api/client', () => ({
  api: {
    get: vi.fn(async () => ({ rows: [], total: 0 })),
    post: vi.fn(async (_p: string, body: unknown) => body),
    put: vi.fn(async (_p: string, body: unknown) => body),
    delete: vi.fn(async () => null),
  },
}));

const { api } = await import('../../../shared/api/client');
const { useCreateUser } = await import('./create-user');
const { useUpdateUser } = await import('./update-user');
const { useResetPassword } = await import('./reset-password');
const { useDeleteUser } = await import('./delete-user');
const { useSaveRole } = await import('./save-role');
const { useDeleteRole } = await import('./delete-role');
const { useSaveModules } = await import('./save-modules');
const { useSaveCustomize } = await import('./save-customize');
const { accountKeys } = await import('./keys');

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const keys = () => invalidate.mock.calls.map((c) => c[0]?.queryKey);
  return { wrapper, keys };
}

describe('mutations call the contract and invalidate the right queries', () => {
  beforeEach(() => vi.clearAllMocks());

  it('creating a user posts /auth/user and refreshes users and role counts', async () => {
    const { wrapper, keys } = setup();
    const { result } = renderHook(() => useCreateUser(), { wrapper });
    await act(() => result.current.mutateAsync({ username: 'x' } as never));
    expect(api.post).toHaveBeenCalledWith('/auth/user', { username: 'x' });
    expect(keys()).toEqual([accountKeys.users(), accountKeys.roles()]);
  });

  it('editing and deleting a user refresh the same lists', async () => {
    const { wrapper, keys } = setup();
    const update = renderHook(() => useUpdateUser(), { wrapper }).result;
    await act(() => update.current.mutateAsync({ id: 5, body: { status: 0 } }));
    expect(api.put).toHaveBeenCalledWith('/auth/user/5', { status: 0 });
    const remove = renderHook(() => useDeleteUser(), { wrapper }).result;
    await act(() => remove.current.mutateAsync(5));
    expect(api.delete).toHaveBeenCalledWith('/auth/user/5');
    expect(keys()).toEqual([
      accountKeys.users(),
      accountKeys.roles(),
      accountKeys.users(),
      accountKeys.roles(),
    ]);
  });

  it('reset password sends only the transformed password', async () => {
    const { wrapper } = setup();
    const { result } = renderHook(() => useResetPassword(), { wrapper });
    await act(() => result.current.mutateAsync({ id: 9, password: 'Secret#1' }));
    const body = vi.mocked(api.put).mock.calls[0]?.[1] as { password: string };
    expect(Object.keys(body)).toEqual(['password']);
    expect(body.password).toMatch(/^[0-9a-f]{32}$/);
  });

  it('saving a role creates or edits it and refreshes roles, owned roles and users', async () => {
    const { wrapper, keys } = setup();
    const { result } = renderHook(() => useSaveRole(), { wrapper });
    const body = { name: 'ops', permissions: ['Event'] };
    await act(() => result.current.mutateAsync({ body }));
    expect(api.post).toHaveBeenCalledWith('/auth/group', body);
    await act(() => result.current.mutateAsync({ id: 3, body }));
    expect(api.put).toHaveBeenCalledWith('/auth/group/3', body);
    expect(keys().slice(0, 3)).toEqual([accountKeys.roles(), accountKeys.ownedRoles(), accountKeys.users()]);
    const del = renderHook(() => useDeleteRole(), { wrapper }).result;
    await act(() => del.current.mutateAsync(3));
    expect(api.delete).toHaveBeenCalledWith('/auth/group/3');
  });

  it('saving the module switches refreshes the system config so the menu follows', async () => {
    const { wrapper, keys } = setup();
    const { result } = renderHook(() => useSaveModules(), { wrapper });
    await act(() => result.current.mutateAsync({ loginLog: false } as never));
    expect(api.put).toHaveBeenCalledWith('/option', { loginLog: false }, { query: { name: 'modules' } });
    expect(keys()).toEqual([systemKeys.config()]);
  });

  it('saving a customization refreshes the list and the cached titles', async () => {
    const { wrapper, keys } = setup();
    const { result } = renderHook(() => useSaveCustomize(), { wrapper });
    const body = { domain: 'a.com', platform_title: 'A', bigscreen_title: null };
    await act(() => result.current.mutateAsync({ body }));
    expect(api.post).toHaveBeenCalledWith('/customize', body);
    expect(keys()).toEqual([accountKeys.customize(), ['system', 'customize']]);
  });
});
