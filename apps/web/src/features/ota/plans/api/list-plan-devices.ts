import type { OtaPlanDeviceRow } from '@fleet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../../shared/api/client';
import { otaPlanKeys, PLAN_POLL_MS } from './keys';

export interface PlanDeviceParams {
  page: number;
  limit: number;
  state?: string;
  group?: number;
}

/** GET /ota/plans/{id}/devices: each gateway's step, re-read while the plan is live. */
export function usePlanDevices(id: number | null, query: PlanDeviceParams, live: boolean) {
  return useQuery({
    queryKey: otaPlanKeys.devices(id ?? 0, query),
    queryFn: ({ signal }) =>
      api.get<{ rows: OtaPlanDeviceRow[]; total: number }>(
        `/ota/plans/${id}/devices`,
        { ...query },
        { signal, notify: false },
      ),
    enabled: id !== null,
    placeholderData: keepPreviousData,
    retry: false,
    refetchInterval: live ? PLAN_POLL_MS : false,
  });
}
