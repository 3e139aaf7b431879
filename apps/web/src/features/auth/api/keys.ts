/** Query keys of the signed-in user's session data. Everything under `all` is dropped at logout. */
export const authKeys = {
  all: ['auth'] as const,
  userInfo: () => [...authKeys.all, 'userInfo'] as const,
  authList: () => [...authKeys.all, 'authList'] as const,
};
