import { randomBytes } from 'node:crypto';
import type { DeviceCredentials } from '@fleet/contracts';
import { buildLegacyRegistrationPacket, buildRegistrationPacket, generateKey } from '@fleet/protocols';

export interface DeviceSecrets {
  mqttPassword: string;
  dtuKey: string;
  httpKey: string;
}

const ALPHANUM = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

/** Letters and digits (SPEC 9), unbiased. */
export function randomCode(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const b of randomBytes(length * 2)) {
      if (b < 256 - (256 % ALPHANUM.length)) out += ALPHANUM[b % ALPHANUM.length];
      if (out.length === length) break;
    }
  }
  return out;
}

/** Fresh per-device secrets: none default, none shared (DESIGN 7). */
export function newSecrets(): DeviceSecrets {
  return { mqttPassword: randomCode(24), dtuKey: generateKey(), httpKey: generateKey() };
}

export function credentialsOf(device: {
  imei: string;
  legacyRegistration: boolean;
  mqttPassword: string;
  dtuKey: string;
  httpKey: string;
}): DeviceCredentials {
  const packet = device.legacyRegistration
    ? buildLegacyRegistrationPacket(device.imei, '')
    : buildRegistrationPacket(device.imei, device.dtuKey, '');
  return {
    imei: device.imei,
    mqtt_username: device.imei,
    mqtt_password: device.mqttPassword,
    dtu_registration: new TextDecoder().decode(packet),
    http_key: device.httpKey,
  };
}
