import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { alarmKeys } from './keys';

/** DELETE /trigger/contact/{id}: its trigger links and outbox rows go with it. */
export function deleteContact(id: number) {
  return api.delete<null>(`/trigger/contact/${id}`);
}

export function useDeleteContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContact,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: alarmKeys.contacts() }),
        queryClient.invalidateQueries({ queryKey: alarmKeys.notices() }),
      ]),
  });
}
