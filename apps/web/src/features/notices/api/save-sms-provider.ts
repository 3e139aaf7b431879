import type { SmsChannel, SmsSettingsInput, SmsSettingsRow } from '@fleet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { noticeKeys } from './keys';

export interface SaveSmsProviderInput {
  channel: SmsChannel;
  /** Templates: the code per notice kind ('' or absent: none). */
  body: Omit<Partial<SmsSettingsInput>, 'templates'> & { templates?: Record<string, string> };
}

/** PUT /notice/provider/{channel}; a body without access_key_secret keeps the stored one. */
export function saveSmsProvider({ channel, body }: SaveSmsProviderInput): Promise<SmsSettingsRow> {
  return api.put<SmsSettingsRow>(`/notice/provider/${channel}`, body);
}

export function useSaveSmsProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSmsProvider,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noticeKeys.providers() }),
  });
}
