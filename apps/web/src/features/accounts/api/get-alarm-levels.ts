import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { accountKeys } from './keys';
import type { AlarmLevel } from './types';

export function getAlarmLevels(signal?: AbortSignal): Promise<AlarmLevel[]> {
  return api.get<AlarmLevel[]>('/option', { name: 'alarm_levels' }, { signal });
}

export function useAlarmLevels() {
  return useQuery({ queryKey: accountKeys.alarmLevels(), queryFn: ({ signal }) => getAlarmLevels(signal) });
}
