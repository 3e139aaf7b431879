import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

/** POST /user/me/phone/code: sends a code to the phone the user wants to bind (errors shown by the form). */
export function sendBindCode(phone: string): Promise<null> {
  return api.post<null>('/user/me/phone/code', { phone: phone.trim() }, { notify: false });
}

export function useSendBindCode() {
  return useMutation({ mutationFn: sendBindCode });
}
