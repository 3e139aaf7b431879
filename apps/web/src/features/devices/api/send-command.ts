import type { CommandBody, CommandRow } from '@fleet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { deviceKeys } from './keys';

export function getCommandStatus(id: number) {
  return api.get<CommandRow>('/device/cmdStatus', { id }, { notify: false });
}

/** POST /device/cmd; the caller shows a 10002 under the field, so errors are not toasted here. */
export function sendCommand(body: CommandBody) {
  return api.post<CommandRow>('/device/cmd', body, { notify: false });
}

export function useSendCommand(deviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendCommand,
    onSettled: () => queryClient.invalidateQueries({ queryKey: deviceKeys.commandsAll(deviceId) }),
  });
}
