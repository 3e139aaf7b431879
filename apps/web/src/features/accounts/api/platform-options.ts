import type { ModuleSwitches } from '@fleet/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { systemKeys } from '../../system/api/keys';
import { accountKeys } from './keys';
import type { AlarmLevel } from './types';

export function getAlarmLevels(signal?: AbortSignal): Promise<AlarmLevel[]> {
  return api.get<AlarmLevel[]>('/option', { name: 'alarm_levels' }, { signal });
}

export function useAlarmLevels() {
  return useQuery({ queryKey: accountKeys.alarmLevels(), queryFn: ({ signal }) => getAlarmLevels(signal) });
}

/** PUT /option?name=modules: the module switches of SPEC 1. */
export function saveModules(modules: ModuleSwitches): Promise<unknown> {
  return api.put<unknown>('/option', modules, { query: { name: 'modules' } });
}

export function saveAlarmLevels(levels: AlarmLevel[]): Promise<unknown> {
  return api.put<unknown>('/option', levels, { query: { name: 'alarm_levels' } });
}

/** Saving the switches refreshes the system config, so the menu follows at once. */
export function useSaveModules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveModules,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: systemKeys.config() }),
  });
}

export function useSaveAlarmLevels() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAlarmLevels,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.alarmLevels() }),
  });
}
