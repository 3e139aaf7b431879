import type { PhoneBinding } from '@fleet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { profileKeys } from './keys';

/** PUT /user/me/phone: binds or changes the account's phone with the code sent to it. */
export function bindPhone(input: { phone: string; code: string }): Promise<PhoneBinding> {
  return api.put<PhoneBinding>(
    '/user/me/phone',
    { phone: input.phone.trim(), code: input.code.trim() },
    { notify: false },
  );
}

export function useBindPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bindPhone,
    onSuccess: (binding) => {
      queryClient.setQueryData(profileKeys.phone(), binding);
      // The bound phone is copied to the user's info (users.phone).
      return queryClient.invalidateQueries({ queryKey: profileKeys.me() });
    },
  });
}
