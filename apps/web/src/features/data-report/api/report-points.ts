import type { ReportPoint } from '@fleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { reportKeys } from './keys';

export type ReportSubject = { device_id: number } | { group_id: number };

/** GET /dataCenter/dataReportV2/points: the stored numeric point names of a device or group. */
export function listReportPoints(subject: ReportSubject, signal?: AbortSignal) {
  return api.get<ReportPoint[]>('/dataCenter/dataReportV2/points', { ...subject }, { signal, notify: false });
}

export function useReportPoints(subject: ReportSubject | null) {
  return useQuery({
    queryKey: reportKeys.points(subject ?? {}),
    queryFn: ({ signal }) => listReportPoints(subject as ReportSubject, signal),
    enabled: subject !== null,
    retry: false,
  });
}
