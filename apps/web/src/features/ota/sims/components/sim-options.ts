import { OTA_SIM_CARRIERS, OTA_SIM_STATUSES } from '@fleet/contracts';
import { ApiError, translatedServerMessage } from '../../../../shared/api/errors';

export const carrierOptions = (t: (key: string) => string) =>
  OTA_SIM_CARRIERS.map((value) => ({ value, label: t(`otaSims.carrier.${value}`) }));

export const statusOptions = (t: (key: string) => string) =>
  OTA_SIM_STATUSES.map((value) => ({ value, label: t(`otaGateways.simStatus.${value}`) }));

/** A 20000 `ota.iccidTaken` in the user's language (shown under the ICCID), else undefined. */
export function translatedSaveError(error: unknown, language: string): string | undefined {
  if (!(error instanceof ApiError) || error.msgKey !== 'ota.iccidTaken') return undefined;
  return translatedServerMessage(error, language) ?? error.serverMsg;
}
