import type { OtaCommandRow } from '@fleet/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../../shared/api/client';

/** The gateway commands of one gateway (docs/api-ota.md "Gateway commands"). */
export type GatewayCommandKind = 'csq' | 'deploy' | 'reboot' | 'reload' | 'upgrade';

export interface GatewayCommandInput {
  id: number;
  kind: GatewayCommandKind;
  /** upgrade: the firmware package. */
  applicationId?: number;
}

const PATHS: Record<GatewayCommandKind, (id: number) => string> = {
  csq: (id) => `/ota/gateways/${id}/csq`,
  deploy: (id) => `/device/deploy/${id}`,
  reboot: (id) => `/device/reboot/${id}`,
  reload: (id) => `/device/reload/${id}`,
  upgrade: (id) => `/device/upgrade/${id}`,
};

export function sendGatewayCommand({ id, kind, applicationId }: GatewayCommandInput) {
  const body = kind === 'upgrade' ? { application_id: applicationId } : undefined;
  return api.post<OtaCommandRow>(PATHS[kind](id), body);
}

/** Sends one command; the caller follows its status (SPEC 4: re-read after 2000 ms). */
export function useSendGatewayCommand() {
  return useMutation({ mutationFn: sendGatewayCommand });
}
