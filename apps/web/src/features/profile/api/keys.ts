import { authKeys } from '../../auth/api/keys';

/** The profile is the signed-in user's info, cached under the auth feature's key. */
export const profileKeys = {
  me: authKeys.userInfo,
};
