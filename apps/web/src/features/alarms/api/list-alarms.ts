import type { AlarmLogRow } from '@fleet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import type { AlarmLogParams } from '../lib/alarm-filters';
import { alarmKeys } from './keys';

export type AlarmPage = { rows: AlarmLogRow[]; total: number };

/** GET /event/alarmlog (docs/api-alarms.md): newest first. The page shows its own load error. */
export function listAlarms(query: AlarmLogParams, signal?: AbortSignal) {
  return api.get<AlarmPage>('/event/alarmlog', { ...query }, { signal, notify: false });
}

export function useAlarmLog(query: AlarmLogParams) {
  return useQuery({
    queryKey: alarmKeys.log(query),
    queryFn: ({ signal }) => listAlarms(query, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
