import type { PlanPointOption } from '@fleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { planKeys } from './plans';

export function usePlanPoints(deviceId: number | null) {
  return useQuery({
    queryKey: planKeys.points(deviceId ?? 0),
    queryFn: ({ signal }) =>
      api.get<PlanPointOption[]>(
        '/maintenance/plan/points',
        { device_id: deviceId ?? 0 },
        { signal, notify: false },
      ),
    enabled: deviceId !== null,
    retry: false,
  });
}
