import type { RegisterBody, RegisterResult } from '@fleet/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { transformPassword } from '../../../shared/session/password';

/** POST /login/register (public while the userRegistration module is on); the password goes transformed. */
export function registerAccount(values: {
  username: string;
  password: string;
  phone?: string;
}): Promise<RegisterResult> {
  const body: RegisterBody = {
    username: values.username.trim(),
    password: transformPassword(values.password),
    ...(values.phone?.trim() ? { phone: values.phone.trim() } : {}),
  };
  return api.post<RegisterResult>('/login/register', body);
}

export function useRegister() {
  return useMutation({ mutationFn: registerAccount });
}
