import type { ScadaForDevice } from '@fleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { screenKeys } from './keys';

/** GET /scada/for-device: the SCADA templates drawn for the device's template (its popup links there). */
export function useDeviceScada(deviceId: number, enabled: boolean) {
  return useQuery({
    queryKey: screenKeys.deviceScada(deviceId),
    queryFn: ({ signal }) =>
      api.get<ScadaForDevice>('/scada/for-device', { device_id: deviceId }, { signal, notify: false }),
    enabled,
    staleTime: 60_000,
    retry: false,
  });
}
