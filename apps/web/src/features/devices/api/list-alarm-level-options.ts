import type { OptionEntry } from '@fleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { deviceKeys } from './keys';

/** GET /option?name=alarm_levels: the levels a trigger picks from, with their tag colours. */
export function useAlarmLevelOptions() {
  return useQuery({
    queryKey: deviceKeys.alarmLevels(),
    queryFn: ({ signal }) =>
      api.get<OptionEntry[]>('/option', { name: 'alarm_levels' }, { signal, notify: false }),
    staleTime: 5 * 60_000,
  });
}
