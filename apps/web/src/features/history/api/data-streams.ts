import type { DataStream } from '@fleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { historyKeys } from './keys';

/** GET /device/dss: every point of the device with its storage mode and stored count. */
export function getDataStreams(deviceId: number, signal?: AbortSignal) {
  return api.get<DataStream[]>('/device/dss', { device_id: deviceId }, { signal, notify: false });
}

export function useDataStreams(deviceId: number | null) {
  return useQuery({
    queryKey: historyKeys.streams(deviceId ?? 0),
    queryFn: ({ signal }) => getDataStreams(deviceId ?? 0, signal),
    enabled: deviceId !== null && deviceId > 0,
    retry: false,
  });
}
