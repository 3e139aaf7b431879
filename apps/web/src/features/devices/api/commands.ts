import type { CommandRow } from '@fleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { deviceKeys } from './keys';

export interface CommandQuery {
  page: number;
  limit: number;
}

export function listCommands(deviceId: number, query: CommandQuery, signal?: AbortSignal) {
  return api.get<{ rows: CommandRow[]; total: number }>(
    '/device/cmd',
    { device_id: deviceId, ...query },
    { signal, notify: false },
  );
}

export function useCommands(deviceId: number, query: CommandQuery) {
  return useQuery({
    queryKey: deviceKeys.commands(deviceId, query),
    queryFn: ({ signal }) => listCommands(deviceId, query, signal),
    retry: false,
  });
}
