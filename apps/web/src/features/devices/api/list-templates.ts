import type { TemplateRow } from '@fleet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type QueryValue } from '../../../shared/api/client';
import { deviceKeys } from './keys';

export interface TemplateListParams {
  page: number;
  limit: number;
  search: string;
  kind?: 'device' | 'gateway';
}

export function listTemplates(query: TemplateListParams, signal?: AbortSignal) {
  return api.get<{ rows: TemplateRow[]; total: number }>(
    '/device/template',
    { ...query } as Record<string, QueryValue>,
    { signal },
  );
}

export function useTemplates(query: TemplateListParams, enabled = true) {
  return useQuery({
    queryKey: deviceKeys.templateList(query),
    queryFn: ({ signal }) => listTemplates(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
