import { randomBytes } from 'node:crypto';
import type { DeviceCredentials } from '@fleet/contracts';
import { buildLegacyRegistrationPacket, buildRegistrationPacket, generateKey } from '@fleet/protocols';
import { hashDeviceSecret } from './secret-hash.js';

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

/** The stored form of each secret (DESIGN 7): salted hashes, so a database dump opens no device. */
export function hashSecrets(secrets: DeviceSecrets) {
  return {
    mqttPasswordHash: hashDeviceSecret(secrets.mqttPassword),
    dtuKeyHash: hashDeviceSecret(secrets.dtuKey),
    httpKeyHash: hashDeviceSecret(secrets.httpKey),
  };
}

/**
 * A device's credentials. With `secrets` (just generated: creation, rotation) they carry the plain values,
 * shown this once; without, only the non-secret parts (the platform keeps hashes, it cannot show them).
 */
export function credentialsOf(
  device: { imei: string; legacyRegistration: boolean },
  secrets?: DeviceSecrets,
): DeviceCredentials {
  const decode = (packet: Uint8Array) => new TextDecoder().decode(packet);
  const registration = device.legacyRegistration
    ? decode(buildLegacyRegistrationPacket(device.imei, ''))
    : secrets
      ? decode(buildRegistrationPacket(device.imei, secrets.dtuKey, ''))
      : null;
  return {
    imei: device.imei,
    mqtt_username: device.imei,
    mqtt_password: secrets?.mqttPassword ?? null,
    dtu_registration: registration,
    http_key: secrets?.httpKey ?? null,
    secrets_included: secrets !== undefined,
  };
}
