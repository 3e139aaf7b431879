import type { EnforcementFileRow, EnforcementRow, ListResult } from '@fleet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API_BASE, api, baseHeaders, ensureFreshToken, type QueryValue } from '../../../shared/api/client';
import { ApiError, LocalCode } from '../../../shared/api/errors';

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
export async function uploadEvidence(file: Blob, name: string): Promise<EnforcementFileRow> {
  const path = '/maintenance/enforcement/files';
  await ensureFreshToken(path);
  const form = new FormData();
  form.append('file', file, name);
  const res = await fetch(`${API_BASE}${path}`, { method: 'POST', body: form, headers: baseHeaders() });
  const body = (await res.json().catch(() => null)) as {
    code?: number;
    msg?: string;
    data?: unknown;
    msg_key?: string;
    msg_params?: Record<string, string | number>;
  } | null;
  if (body?.code === 0) return body.data as EnforcementFileRow;
  throw new ApiError(
    body?.code ?? LocalCode.NO_CODE,
    body?.msg ?? res.statusText,
    body?.data ?? null,
    res.status,
    {
      msgKey: body?.msg_key,
      msgParams: body?.msg_params,
    },
  );
}
