import type { ModuleSwitches } from '@fleet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { systemKeys } from '../../system/api/keys';

/** PUT /option?name=modules: the module switches of SPEC 1. */
export function saveModules(modules: ModuleSwitches): Promise<unknown> {
  return api.put<unknown>('/option', modules, { query: { name: 'modules' } });
}

/** Saving the switches refreshes the system config, so the menu follows at once. */
export function useSaveModules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveModules,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: systemKeys.config() }),
  });
}
