import type { ModelRow } from '@fleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { deviceKeys } from './keys';

/** Models for the device form's select (first 100; quietly empty without DeviceModel). */
export function listModels(signal?: AbortSignal) {
  return api.get<{ rows: ModelRow[]; total: number }>(
    '/device/model',
    { page: 1, limit: 100 },
    { signal, notify: false },
  );
}

export function useModels(enabled: boolean) {
  return useQuery({
    queryKey: deviceKeys.models(),
    queryFn: ({ signal }) => listModels(signal),
    enabled,
    retry: false,
  });
}
