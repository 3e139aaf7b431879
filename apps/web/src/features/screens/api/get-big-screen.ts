import type { BigScreenReport } from '@fleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { screenKeys } from './keys';

/** Live events update the screen in between; this re-read corrects it at least this often. */
export const BIG_SCREEN_REFETCH_MS = 60_000;

export function getBigScreen(signal?: AbortSignal): Promise<BigScreenReport> {
  return api.get<BigScreenReport>('/screen/big', {}, { signal, notify: false });
}

export function useBigScreen() {
  return useQuery({
    queryKey: screenKeys.big(),
    queryFn: ({ signal }) => getBigScreen(signal),
    refetchInterval: BIG_SCREEN_REFETCH_MS,
    retry: false,
  });
}
