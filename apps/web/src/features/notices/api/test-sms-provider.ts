import type { SmsChannel, SmsTestAnswer } from '@fleet/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

/** POST /notice/provider/{channel}/test: sends the test template now and answers the provider's verdict. */
export function testSmsProvider(input: { channel: SmsChannel; phone: string }): Promise<SmsTestAnswer> {
  return api.post<SmsTestAnswer>(`/notice/provider/${input.channel}/test`, { phone: input.phone });
}

export function useTestSmsProvider() {
  return useMutation({ mutationFn: testSmsProvider });
}
