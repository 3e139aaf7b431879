import type { UserInfo } from '@fleet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { profileKeys } from './keys';

export interface UpdateMeBody {
  nick_name?: string;
  phone?: string;
  email?: string;
  company?: string;
  address?: string;
  bigscreen_title?: string;
}

export function updateMe(body: UpdateMeBody): Promise<UserInfo> {
  return api.put<UserInfo>('/auth/user/me', body);
}

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: (info) => {
      queryClient.setQueryData(profileKeys.me(), info);
      return queryClient.invalidateQueries({ queryKey: profileKeys.me() });
    },
  });
}
