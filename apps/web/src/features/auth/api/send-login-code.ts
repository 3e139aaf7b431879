import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

/** POST /login/phone/code: asks for a sign-in code (the same answer whether or not the number is known). */
export function sendLoginCode(phone: string): Promise<null> {
  return api.post<null>('/login/phone/code', { phone: phone.trim() }, { notify: false });
}

export function useSendLoginCode() {
  return useMutation({ mutationFn: sendLoginCode });
}
