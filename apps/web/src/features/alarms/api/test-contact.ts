import type { NoticeChannel } from '@fleet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { alarmKeys } from './keys';

/** POST /trigger/contact/{id}/test: queues a test notice on one channel; it shows in the delivery log. */
export function testContact(input: { id: number; channel: NoticeChannel }) {
  return api.post<{ notice_id: number }>(`/trigger/contact/${input.id}/test`, { channel: input.channel });
}

export function useTestContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: testContact,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alarmKeys.notices() }),
  });
}
