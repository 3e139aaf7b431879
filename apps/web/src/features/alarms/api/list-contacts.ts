import type { ContactRow } from '@fleet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { alarmKeys } from './keys';

export interface ContactListParams {
  page: number;
  limit: number;
  search?: string;
}

/** GET /trigger/contact (permission TriggerContact/index). */
export function listContacts(query: ContactListParams, signal?: AbortSignal) {
  return api.get<{ rows: ContactRow[]; total: number }>(
    '/trigger/contact',
    { ...query },
    { signal, notify: false },
  );
}

export function useContacts(query: ContactListParams) {
  return useQuery({
    queryKey: alarmKeys.contactList(query),
    queryFn: ({ signal }) => listContacts(query, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
