import type { OtaProjectCommandResult } from '@fleet/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../../shared/api/client';

/** projdeploy / projreboot: one command per OTA gateway of the project. */
export function sendProjectCommand({ projectId, kind }: { projectId: number; kind: 'deploy' | 'reboot' }) {
  return api.post<OtaProjectCommandResult>(`/device/proj${kind}/${projectId}`);
}

export function useSendProjectCommand() {
  return useMutation({ mutationFn: sendProjectCommand });
}
