import type { StatementRow } from '@fleet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { rechargeKeys } from './keys';

export interface StatementParams {
  page: number;
  limit: number;
  kind?: string;
  direction?: 'in' | 'out';
  from?: string;
  to?: string;
}

/** GET /recharge/statement: the balance's movements, newest first. */
export function useStatement(query: StatementParams) {
  return useQuery({
    queryKey: rechargeKeys.statement(query),
    queryFn: ({ signal }) =>
      api.get<{ rows: StatementRow[]; total: number }>(
        '/recharge/statement',
        { ...query },
        { signal, notify: false },
      ),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
