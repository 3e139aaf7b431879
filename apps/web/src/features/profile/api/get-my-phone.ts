import type { PhoneBinding } from '@fleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { profileKeys } from './keys';

/** GET /user/me/phone: the verified phone bound to the account (E.164) or null. */
export function getMyPhone(signal?: AbortSignal): Promise<PhoneBinding> {
  return api.get<PhoneBinding>('/user/me/phone', undefined, { signal });
}

export function useMyPhone(enabled = true) {
  return useQuery({ queryKey: profileKeys.phone(), queryFn: ({ signal }) => getMyPhone(signal), enabled });
}
