import type { ContactInput, ContactRow } from '@fleet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { alarmKeys } from './keys';

/**
 * POST /trigger/contact, or PUT /trigger/contact/{id} with a partial body (`webhook_secret` absent
 * keeps the stored one, '' clears it). 10002 answers are shown by the drawer next to the field.
 */
export function saveContact(input: { id?: number; body: Partial<ContactInput> }) {
  return input.id
    ? api.put<ContactRow>(`/trigger/contact/${input.id}`, input.body, { notify: false })
    : api.post<ContactRow>('/trigger/contact', input.body, { notify: false });
}

export function useSaveContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveContact,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alarmKeys.contacts() }),
  });
}
