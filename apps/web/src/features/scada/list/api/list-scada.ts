import type { ScadaKind, ScadaRow } from '@fleet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type QueryValue } from '../../../../shared/api/client';
import { scadaKeys } from './keys';

export interface ScadaListParams {
  page: number;
  limit: number;
  search: string;
  kind: ScadaKind;
}

/** GET /scada: one kind's drawings, last changed first, without documents (docs/api-scada.md). */
export function listScada(query: ScadaListParams, signal?: AbortSignal) {
  return api.get<{ rows: ScadaRow[]; total: number }>('/scada', { ...query } as Record<string, QueryValue>, {
    signal,
  });
}

export function useScadaList(query: ScadaListParams) {
  return useQuery({
    queryKey: scadaKeys.list(query),
    queryFn: ({ signal }) => listScada(query, signal),
    placeholderData: keepPreviousData,
  });
}
