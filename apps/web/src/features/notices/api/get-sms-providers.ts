import type { SmsSettingsRow } from '@fleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { noticeKeys } from './keys';

/** GET /notice/provider: the SMS and voice provider settings (the secret is never answered). */
export function getSmsProviders(signal?: AbortSignal): Promise<SmsSettingsRow[]> {
  return api.get<SmsSettingsRow[]>('/notice/provider', undefined, { signal });
}

export function useSmsProviders() {
  return useQuery({ queryKey: noticeKeys.providers(), queryFn: ({ signal }) => getSmsProviders(signal) });
}
