import type { CompanyRow, GroupRow, ProjectRow } from '@fleet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { COLLECTION_PATH, type CollectionKind } from '../lib/kinds';
import { collectionKeys } from './keys';

/** One row of any of the three lists (the extra fields exist on projects and companies only). */
export type CollectionRow = GroupRow &
  Partial<Pick<ProjectRow, 'address' | 'contact' | 'phone' | 'lat' | 'lng'>> &
  Partial<Pick<CompanyRow, 'contact'>>;

export interface CollectionQuery {
  page: number;
  limit: number;
  search: string;
}

export function listCollection(
  kind: CollectionKind,
  query: CollectionQuery,
  options: { signal?: AbortSignal; notify?: boolean } = {},
) {
  return api.get<{ rows: CollectionRow[]; total: number }>(COLLECTION_PATH[kind], { ...query }, options);
}

/** A list page's query. */
export function useCollection(kind: CollectionKind, query: CollectionQuery) {
  return useQuery({
    queryKey: collectionKeys.list(kind, query),
    queryFn: ({ signal }) => listCollection(kind, query, { signal }),
    placeholderData: keepPreviousData,
  });
}
