import type { MapConfig } from '@fleet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { screenKeys } from './keys';

export function setMapConfig(config: MapConfig): Promise<MapConfig> {
  return api.put<MapConfig>('/map/config', config, { notify: false });
}

export function useSetMapConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMapConfig,
    onSuccess: (data) => queryClient.setQueryData(screenKeys.mapConfig(), data),
  });
}
