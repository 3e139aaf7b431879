import { type ListQuery, type ListResult, listOf, listQuery } from '@fleet/contracts';

export type { ListQuery, ListResult };
export { listOf, listQuery };

/** LIMIT / OFFSET of a validated list query (pages count from 1). */
export function pageWindow(query: Pick<ListQuery, 'page' | 'limit'>): { limit: number; offset: number } {
  return { limit: query.limit, offset: (query.page - 1) * query.limit };
}

export function listResult<T>(rows: T[], total: number): ListResult<T> {
  return { rows, total };
}
