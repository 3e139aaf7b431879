import type { OtaApplicationRow } from '@fleet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../../shared/api/client';
import { otaAppKeys } from './keys';

export interface ApplicationListParams {
  page: number;
  limit: number;
  search?: string;
}

/** GET /ota/applications: firmware packages in the caller's data, newest first. */
export function useApplications(query: ApplicationListParams) {
  return useQuery({
    queryKey: otaAppKeys.list(query),
    queryFn: ({ signal }) =>
      api.get<{ rows: OtaApplicationRow[]; total: number }>(
        '/ota/applications',
        { ...query },
        { signal, notify: false },
      ),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
