import type { RenewableDeviceRow } from '@fleet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { rechargeKeys } from './keys';

export interface RenewableParams {
  page: number;
  limit: number;
  search?: string;
  within_days?: number;
}

/** GET /recharge/renew/devices: own devices with their service expiry, soonest first. */
export function useRenewableDevices(query: RenewableParams) {
  return useQuery({
    queryKey: rechargeKeys.renewable(query),
    queryFn: ({ signal }) =>
      api.get<{ rows: RenewableDeviceRow[]; total: number }>(
        '/recharge/renew/devices',
        { ...query },
        { signal, notify: false },
      ),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
