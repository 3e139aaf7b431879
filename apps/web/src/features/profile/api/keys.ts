import { authKeys } from '../../auth/api/keys';

/** The profile is the signed-in user's info, cached under the auth feature's key (dropped at logout). */
export const profileKeys = {
  me: authKeys.userInfo,
  phone: () => [...authKeys.all, 'phone'] as const,
};
