import type { DataPointRow, DeviceRow } from '@fleet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { reportKeys } from './keys';

/** GET /device?search=: the first 50 visible devices matching a text, for the subject select. */
export function searchDevices(search: string, signal?: AbortSignal) {
  return api.get<{ rows: DeviceRow[]; total: number }>(
    '/device',
    { page: 1, limit: 50, search },
    { signal, notify: false },
  );
}

export function useDeviceOptions(search: string) {
  return useQuery({
    queryKey: reportKeys.devices(search),
    queryFn: ({ signal }) => searchDevices(search, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/**
 * The decimals of a device's points by name (GET /device/{id}/datapoint), to format its statistics;
 * quietly empty when the caller may not read the point list.
 */
export function useDeviceDecimals(deviceId: number | undefined) {
  return useQuery({
    queryKey: reportKeys.decimals(deviceId ?? 0),
    queryFn: async ({ signal }) => {
      const answer = await api.get<{ rows: DataPointRow[]; total: number }>(
        `/device/${deviceId}/datapoint`,
        undefined,
        { signal, notify: false },
      );
      return Object.fromEntries(answer.rows.map((p) => [p.name, p.decimals])) as Record<string, number>;
    },
    enabled: deviceId !== undefined,
    retry: false,
    staleTime: 5 * 60_000,
  });
}
