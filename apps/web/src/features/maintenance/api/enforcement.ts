import type {
  EnforcementDetail,
  EnforcementFileRow,
  EnforcementRow,
  EnforcementVerifyAnswer,
  ListResult,
  WorkOrderDetail,
} from '@fleet/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_BASE, api, baseHeaders, ensureFreshToken, type QueryValue } from '../../../shared/api/client';
import { ApiError, LocalCode } from '../../../shared/api/errors';
import { getToken } from '../../../shared/session/token';
import { workOrderKeys } from './keys';

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

export function useEnforcementRecord(id: number | null) {
  return useQuery({
    queryKey: enforcementKeys.detail(id ?? 0),
    queryFn: ({ signal }) =>
      api.get<EnforcementDetail>(`/maintenance/enforcement/${id}`, undefined, { signal, notify: false }),
    enabled: id !== null,
    retry: false,
  });
}

/** GET /maintenance/enforcement/verify: walks the tenant's chain (run on demand, and once on the list). */
export function useEnforcementVerify() {
  return useQuery({
    queryKey: enforcementKeys.verify(),
    queryFn: ({ signal }) =>
      api.get<EnforcementVerifyAnswer>('/maintenance/enforcement/verify', undefined, {
        signal,
        notify: false,
      }),
    retry: false,
    staleTime: 60_000,
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

export function useCreateEnforcementRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EnforcementCreateInput) =>
      api.post<EnforcementDetail>('/maintenance/enforcement', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: enforcementKeys.all }),
  });
}

export function useHandleEnforcementRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; assignee_id?: number | null; priority?: number }) =>
      api.post<WorkOrderDetail>(`/maintenance/enforcement/${input.id}/handle`, {
        assignee_id: input.assignee_id ?? null,
        priority: input.priority ?? 1,
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: enforcementKeys.all }),
        queryClient.invalidateQueries({ queryKey: workOrderKeys.lists() }),
      ]),
  });
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

/** A record's photo or video as an object URL (an <img>/<video> cannot send the X-Token header). */
export function useEnforcementFile(id: number, hash: string) {
  return useQuery({
    queryKey: enforcementKeys.file(id, hash),
    queryFn: async ({ signal }) => {
      const path = `/maintenance/enforcement/${id}/files/${hash}`;
      await ensureFreshToken(path);
      const token = getToken();
      const res = await fetch(`${API_BASE}${path}`, { signal, headers: token ? { 'X-Token': token } : {} });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      return URL.createObjectURL(await res.blob());
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 10 * 60_000,
    retry: false,
  });
}
