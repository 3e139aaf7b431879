import type { ExpiryNoticeRow } from '@fleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { rechargeKeys } from './keys';

/** GET /fee/expiry-notices: notices of the account's devices whose service expires soon or expired. */
export function useExpiryNotices() {
  return useQuery({
    queryKey: rechargeKeys.expiryNotices(),
    queryFn: ({ signal }) =>
      api.get<ExpiryNoticeRow[]>('/fee/expiry-notices', undefined, { signal, notify: false }),
    retry: false,
  });
}
