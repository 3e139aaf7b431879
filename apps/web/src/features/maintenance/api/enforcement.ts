import type { EnforcementFileRow, EnforcementRow, ListResult } from '@fleet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type QueryValue } from '../../../shared/api/client';

/** Law enforcement records (docs/maintenance.md "Law enforcement records"). */
export const enforcementKeys = {
  all: ['enforcement'] as const,
  lists: () => [...enforcementKeys.all, 'list'] as const,
  list: (query: object) => [...enforcementKeys.lists(), query] as const,
  detail: (id: number) => [...enforcementKeys.all, 'detail', id] as const,
  verify: () => [...enforcementKeys.all, 'verify'] as const,
  file: (id: number, hash: string) => [...enforcementKeys.all, 'file', id, hash] as const,
};

export function useEnforcementRecords(query: Record<string, QueryValue>) {
  return useQuery({
    queryKey: enforcementKeys.list(query),
    queryFn: ({ signal }) =>
      api.get<ListResult<EnforcementRow>>('/maintenance/enforcement', query, { signal, notify: false }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export interface EnforcementCreateInput {
  type: string;
  device_id: number | null;
  asset_id: number | null;
  site: string;
  lat: number | null;
  lng: number | null;
  occurred_at: string;
  description: string;
  files: string[];
}

/** POST /maintenance/enforcement/files (multipart `file`): a photo or video, before the create. */
export function uploadEvidence(file: Blob, name: string): Promise<EnforcementFileRow> {
  return api.upload<EnforcementFileRow>('/maintenance/enforcement/files', {
    field: 'file',
    blob: file,
    name,
  });
}
