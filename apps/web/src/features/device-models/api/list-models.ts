import type { ModelRow } from '@fleet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { modelKeys } from './keys';

export interface ModelListParams {
  page: number;
  limit: number;
  search: string;
}

/** GET /device/model (docs/api-devices.md, permission DeviceModel). */
export function listModelPage(query: ModelListParams, signal?: AbortSignal) {
  return api.get<{ rows: ModelRow[]; total: number }>('/device/model', { ...query }, { signal });
}

export function useModelPage(query: ModelListParams) {
  return useQuery({
    queryKey: modelKeys.list(query),
    queryFn: ({ signal }) => listModelPage(query, signal),
    placeholderData: keepPreviousData,
  });
}
