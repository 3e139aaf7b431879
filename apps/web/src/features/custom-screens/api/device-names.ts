import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { customScreenKeys } from './custom-screens';
import { fetchStatus } from './screen-status';

/**
 * The names of the devices a widget names, for the designer's tags: one preview read of a status table
 * without columns (the name the screen itself shows; devices the user may not see are left out).
 */
export function useDeviceNames(ids: readonly number[]) {
  const devices = [...new Set(ids)];
  const names = useQuery({
    queryKey: [...customScreenKeys.all, 'deviceNames', devices.join(',')],
    queryFn: ({ signal }) => fetchStatus({ kind: 'preview' }, '', { devices, columns: [] }, signal),
    enabled: devices.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
  });
  return new Map((names.data?.rows ?? []).map((r) => [r.device_id, r.title]));
}
