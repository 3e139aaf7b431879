import type { SlaveRow } from '@fleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { deviceKeys } from './keys';

export function listSlaves(id: number, signal?: AbortSignal) {
  return api.get<SlaveRow[]>(`/device/${id}/slavedevice`, undefined, { signal });
}

export function useSlaves(id: number, enabled = true) {
  return useQuery({
    queryKey: deviceKeys.slaves(id),
    queryFn: ({ signal }) => listSlaves(id, signal),
    enabled,
  });
}
