import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { accountKeys } from './keys';
import type { AlarmLevel } from './types';

export function saveAlarmLevels(levels: AlarmLevel[]): Promise<unknown> {
  return api.put<unknown>('/option', levels, { query: { name: 'alarm_levels' } });
}

export function useSaveAlarmLevels() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAlarmLevels,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.alarmLevels() }),
  });
}
