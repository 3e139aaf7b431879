import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { accountKeys } from './keys';
import type { RuleGroup } from './types';

export function getRules(signal?: AbortSignal): Promise<RuleGroup[]> {
  return api.get<RuleGroup[]>('/auth/rule', undefined, { signal });
}

export function useRules() {
  return useQuery({ queryKey: accountKeys.rules(), queryFn: ({ signal }) => getRules(signal) });
}
