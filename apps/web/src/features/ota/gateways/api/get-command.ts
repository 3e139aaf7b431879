import type { OtaCommandRow } from '@fleet/contracts';
import { api } from '../../../../shared/api/client';

/** GET /ota/commands/{id}: one command and its status (re-read while it is pending). */
export function getOtaCommand(id: number) {
  return api.get<OtaCommandRow>(`/ota/commands/${id}`, undefined, { notify: false });
}
