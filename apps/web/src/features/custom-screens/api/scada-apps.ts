import type { ListResult, ScadaRow } from '@fleet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { customScreenKeys } from './custom-screens';

/** GET /scada?kind=app: the user's SCADA apps a screen may embed (templates need a device). */
export function useScadaApps(search: string, enabled: boolean) {
  return useQuery({
    queryKey: [...customScreenKeys.all, 'scadaApps', search],
    queryFn: ({ signal }) =>
      api.get<ListResult<ScadaRow>>(
        '/scada',
        { kind: 'app', page: 1, limit: 50, ...(search ? { search } : {}) },
        { signal, notify: false },
      ),
    enabled,
    placeholderData: keepPreviousData,
  });
}
