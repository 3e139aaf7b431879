import type { PlanPreview, PlanPreviewBody } from '@fleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { planKeys } from './plans';

/** The next occurrences of the calendar being edited (null while the form is incomplete). */
export function usePlanPreview(body: PlanPreviewBody | null) {
  return useQuery({
    queryKey: planKeys.preview(body ?? {}),
    queryFn: () => api.post<PlanPreview>('/maintenance/plan/preview', body, { notify: false }),
    enabled: body !== null,
    retry: false,
    staleTime: 60_000,
  });
}
