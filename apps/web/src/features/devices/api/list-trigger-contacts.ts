import type { ContactRow } from '@fleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { deviceKeys } from './keys';

/**
 * Contacts for the picker (first 100). Quiet: without TriggerContact/index the answer is forbidden and
 * the drawer hides the picker.
 */
export function useTriggerContacts(enabled: boolean) {
  return useQuery({
    queryKey: deviceKeys.triggerContacts(),
    queryFn: ({ signal }) =>
      api.get<{ rows: ContactRow[]; total: number }>(
        '/trigger/contact',
        { page: 1, limit: 100 },
        { signal, notify: false },
      ),
    enabled,
    retry: false,
  });
}
