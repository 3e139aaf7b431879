import {
  bdgwAllows,
  type DeviceCreateBody,
  DeviceProtocol,
  type DeviceUpdateBody,
  deviceClassOf,
  type PointProblem,
  PROTOCOL_NAMES,
} from '@fleet/contracts';
import { parseHeartbeatContent } from '@fleet/protocols';
import type { Executor } from '../../platform/db/client.js';
import { assertWithinLimit } from '../../platform/tenancy/resource-limits.js';
import { type DeviceSecrets, hashSecrets, randomCode } from './credentials.js';
import type { DevicePatch, NewDevice } from './devices.repository.js';

/** What a model contributes to a device created with it. */
export interface ModelDefaults {
  id: number;
  name: string;
  protocol: number | null;
  gatewayProtocol: string | null;
  /** Template applied to a device created with this model (POST /device). */
  templateId: number | null;
}

type Fields = DeviceUpdateBody & { device_imei?: string };

/** SPEC 3: DT for TCP, MQTT, UDP, HTTP, CM-NBIOT, CT-NBIOT; a gateway protocol makes a DTUGW. */
export function classify(
  protocol: number,
  gatewayProtocol: string | null,
): { deviceClass: 'DTUGW' | 'DT' } | PointProblem {
  if (!PROTOCOL_NAMES[protocol]) return { field: 'protocol', message: `unknown protocol ${protocol}` };
  if (protocol === DeviceProtocol.BDGW && gatewayProtocol && !bdgwAllows(gatewayProtocol))
    return {
      field: 'gateway_protocol',
      message: 'the BDGW gateway allows only MODBUS, Siemens, Mitsubishi, industry and private',
    };
  return {
    deviceClass: gatewayProtocol ? deviceClassOf(gatewayProtocol) : deviceClassOf(PROTOCOL_NAMES[protocol]!),
  };
}

/** Legacy bare-IMEI registration is for 15-digit IMEIs only. */
function legacyProblem(imei: string, legacy: boolean | undefined): PointProblem | null {
  return legacy && !/^[0-9]{15}$/.test(imei)
    ? { field: 'legacy_registration', message: 'legacy registration needs a 15-digit IMEI' }
    : null;
}

/** '' (no heartbeat) or content the DTU gateway can recognise (docs/protocols.md "Heartbeat"). */
function heartbeatProblem(heartbeat: string | undefined): PointProblem | null {
  if (heartbeat === undefined || heartbeat === '') return null;
  const parsed = parseHeartbeatContent(heartbeat);
  return parsed.ok ? null : { field: 'heartbeat', message: parsed.error };
}

/**
 * The row of a new device owned by `ownerId`, or the first problem naming the field. The row stores the
 * hashes of `secrets`; the caller keeps the plain ones to show once (or to tell the broker).
 */
export function draftDevice(
  input: Fields & { device_imei: string },
  ownerId: number,
  model: ModelDefaults | null,
  secrets: DeviceSecrets,
): NewDevice | PointProblem {
  const protocol = input.protocol ?? model?.protocol ?? DeviceProtocol.MODBUS;
  const gatewayProtocol =
    input.gateway_protocol !== undefined ? input.gateway_protocol : (model?.gatewayProtocol ?? null);
  const cls = classify(protocol, gatewayProtocol);
  if ('field' in cls) return cls;
  const legacy = legacyProblem(input.device_imei, input.legacy_registration);
  if (legacy) return legacy;
  const heartbeat = heartbeatProblem(input.heartbeat);
  if (heartbeat) return heartbeat;
  return {
    ownerUserId: ownerId,
    imei: input.device_imei,
    title: input.device_title || input.device_imei,
    sharecode: randomCode(12),
    modelId: model?.id ?? null,
    deviceModel: input.device_model ?? model?.name ?? '',
    protocol,
    gatewayProtocol,
    deviceClass: cls.deviceClass,
    projectId: input.project_id ?? null,
    groupId: input.group_id ?? null,
    companyId: input.company_id ?? null,
    lat: input.lat ?? null,
    lng: input.lng ?? null,
    address: input.address ?? '',
    remark: input.remark ?? '',
    expireAt: input.expire_at ? new Date(input.expire_at) : null,
    legacyRegistration: input.legacy_registration ?? false,
    ...(input.heartbeat !== undefined && { heartbeat: input.heartbeat }),
    ...(input.heartbeat_interval_s !== undefined && { heartbeatIntervalS: input.heartbeat_interval_s }),
    ...hashSecrets(secrets),
  };
}

/** The patch of an update, or the first problem. */
export function patchDevice(
  current: { imei: string; protocol: number; gatewayProtocol: string | null; legacyRegistration: boolean },
  input: DeviceUpdateBody,
  model: ModelDefaults | null | undefined,
): DevicePatch | PointProblem {
  const patch: DevicePatch = {};
  if (input.device_title !== undefined) patch.title = input.device_title;
  if (input.model_id !== undefined) {
    patch.modelId = input.model_id;
    if (model && input.device_model === undefined) patch.deviceModel = model.name;
  }
  if (input.device_model !== undefined) patch.deviceModel = input.device_model;
  if (input.project_id !== undefined) patch.projectId = input.project_id;
  if (input.group_id !== undefined) patch.groupId = input.group_id;
  if (input.company_id !== undefined) patch.companyId = input.company_id;
  if (input.lat !== undefined) patch.lat = input.lat;
  if (input.lng !== undefined) patch.lng = input.lng;
  if (input.address !== undefined) patch.address = input.address;
  if (input.remark !== undefined) patch.remark = input.remark;
  if (input.expire_at !== undefined) patch.expireAt = input.expire_at ? new Date(input.expire_at) : null;
  if (input.legacy_registration !== undefined) {
    const problem = legacyProblem(current.imei, input.legacy_registration);
    if (problem) return problem;
    patch.legacyRegistration = input.legacy_registration;
  }
  if (input.heartbeat !== undefined) {
    const problem = heartbeatProblem(input.heartbeat);
    if (problem) return problem;
    patch.heartbeat = input.heartbeat;
  }
  if (input.heartbeat_interval_s !== undefined) patch.heartbeatIntervalS = input.heartbeat_interval_s;
  if (input.protocol !== undefined || input.gateway_protocol !== undefined) {
    const protocol = input.protocol ?? current.protocol;
    const gatewayProtocol =
      input.gateway_protocol !== undefined ? input.gateway_protocol : current.gatewayProtocol;
    const cls = classify(protocol, gatewayProtocol);
    if ('field' in cls) return cls;
    patch.protocol = protocol;
    patch.gatewayProtocol = gatewayProtocol;
    patch.deviceClass = cls.deviceClass;
  }
  return patch;
}

/**
 * 20000 when `adding` more devices would pass the device_limit of the owner or of an ancestor that set
 * one (null = no limit); `movingFromPath`: a transfer, not counted again where it is already counted.
 */
export async function checkDeviceLimit(
  ownerId: number,
  adding: number,
  tx: Executor,
  movingFromPath?: string,
) {
  await assertWithinLimit(tx, ownerId, 'devices', { adding, movingFromPath });
}

export type { DeviceCreateBody };
