import { z } from 'zod';
import { listQuery } from '../envelope.js';

/**
 * The OTA gateway and SIM card registry (docs/api-ota.md). A gateway is a 4G box identified by its
 * IMEI (6-20 digits, like devices); it links to a SIM card by ICCID.
 */

/** 1 DTU gateway, 2 smart gateway (SPEC 3). */
export const OTA_GATEWAY_TYPES = [1, 2] as const;
export const otaGatewayType = z.union([z.literal(1), z.literal(2)]);
export type OtaGatewayType = z.infer<typeof otaGatewayType>;

export const OTA_SIM_CARRIERS = ['china-mobile', 'china-unicom', 'china-telecom', 'other'] as const;
export const otaSimCarrier = z.enum(OTA_SIM_CARRIERS);
export type OtaSimCarrier = z.infer<typeof otaSimCarrier>;

export const OTA_SIM_STATUSES = ['active', 'suspended', 'deactivated'] as const;
export const otaSimStatus = z.enum(OTA_SIM_STATUSES);
export type OtaSimStatus = z.infer<typeof otaSimStatus>;

export const OTA_IMEI_RE = /^[0-9]{6,20}$/;
/** ICCID: 19-20 characters, digits and letters (some carriers end it with a letter). */
export const OTA_ICCID_RE = /^[0-9A-Za-z]{19,20}$/;

export const otaImei = z.string().trim().regex(OTA_IMEI_RE, 'IMEI must be 6-20 digits');
export const otaIccid = z
  .string()
  .trim()
  .regex(OTA_ICCID_RE, 'ICCID must be 19-20 digits or letters')
  .transform((s) => s.toUpperCase());

const gatewayFields = {
  iccid: otaIccid.nullable(),
  type: otaGatewayType,
  model: z.string().trim().max(64),
  default_port: z.number().int().min(1).max(65535).nullable(),
  server_address: z.string().trim().max(255),
  point_limit: z.number().int().min(0).max(100_000).nullable(),
  remark: z.string().trim().max(500),
  project_id: z.number().int().positive().nullable(),
};

/** Several gateways at once: `imeis` holds one IMEI per line (SPEC 5); the other fields apply to each. */
export const otaGatewayCreateBody = z.strictObject({
  imeis: z.string().max(200_000),
  type: gatewayFields.type,
  model: gatewayFields.model.optional(),
  default_port: gatewayFields.default_port.optional(),
  server_address: gatewayFields.server_address.optional(),
  point_limit: gatewayFields.point_limit.optional(),
  remark: gatewayFields.remark.optional(),
  project_id: gatewayFields.project_id.optional(),
});
export type OtaGatewayCreateBody = z.infer<typeof otaGatewayCreateBody>;

/** The IMEI is the gateway's identity and is not changed; firmware fields are what the gateway reports. */
export const otaGatewayUpdateBody = z.strictObject({
  iccid: gatewayFields.iccid.optional(),
  type: gatewayFields.type.optional(),
  model: gatewayFields.model.optional(),
  default_port: gatewayFields.default_port.optional(),
  server_address: gatewayFields.server_address.optional(),
  point_limit: gatewayFields.point_limit.optional(),
  remark: gatewayFields.remark.optional(),
  project_id: gatewayFields.project_id.optional(),
});
export type OtaGatewayUpdateBody = z.infer<typeof otaGatewayUpdateBody>;

export const otaAssignBody = z.strictObject({ user_id: z.number().int().positive() });
export type OtaAssignBody = z.infer<typeof otaAssignBody>;

export const otaGatewayListQuery = listQuery.extend({
  /** Part of the IMEI, ICCID, model or remark. */
  search: z.string().trim().max(64).optional(),
  type: z.coerce.number().pipe(otaGatewayType).optional(),
  model: z.string().trim().max(64).optional(),
  project_id: z.coerce.number().int().positive().optional(),
  firmware_version: z.string().trim().max(64).optional(),
  /** Gateways of this account (the caller's data owner or an account below it). */
  owner_user_id: z.coerce.number().int().positive().optional(),
});
export type OtaGatewayListQuery = z.infer<typeof otaGatewayListQuery>;

export const otaGatewayRow = z.object({
  id: z.number().int(),
  owner_user_id: z.number().int(),
  imei: z.string(),
  iccid: z.string().nullable(),
  type: otaGatewayType,
  model: z.string(),
  default_port: z.number().int().nullable(),
  firmware_version: z.string(),
  firmware_counter: z.number().int(),
  param_version: z.number().int().nullable(),
  server_address: z.string(),
  point_limit: z.number().int().nullable(),
  remark: z.string(),
  project_id: z.number().int().nullable(),
  /** The status of the SIM card with this ICCID in the caller's data; null when none is registered. */
  sim_status: otaSimStatus.nullable(),
  /** The latest firmware and parameter plans that included the gateway, and when the latest started. */
  firmware_plan_id: z.number().int().nullable(),
  firmware_plan_name: z.string().nullable(),
  param_plan_id: z.number().int().nullable(),
  param_plan_name: z.string().nullable(),
  plan_time: z.string().nullable(),
  /** The latest csq answer (AT+CSQ rssi 0-31 / 99, ber 0-7 / 99) and when it came. */
  csq_rssi: z.number().int().nullable(),
  csq_ber: z.number().int().nullable(),
  csq_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type OtaGatewayRow = z.infer<typeof otaGatewayRow>;

/**
 * One bad line of a bulk create (the `data.failed` of the 10002 answer): its line of `imeis` or its
 * index in `sims` (both from 1), the IMEI or ICCID, the reason in English and its SERVER_MESSAGES key.
 */
export const otaLineFailure = z.object({
  row: z.number().int(),
  value: z.string(),
  reason: z.string(),
  reason_key: z.string(),
});
export type OtaLineFailure = z.infer<typeof otaLineFailure>;
export const otaGatewayCreateResult = z.object({ created: z.array(otaGatewayRow) });
export type OtaGatewayCreateResult = z.infer<typeof otaGatewayCreateResult>;

// ---------------------------------------------------------------- SIM cards

const simFields = {
  iccid: otaIccid,
  carrier: otaSimCarrier,
  status: otaSimStatus,
  data_used: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  data_limit: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullable(),
  expires_on: z.iso.date().nullable(),
  remark: z.string().trim().max(500),
};

export const otaSimCreateBody = z.strictObject({
  iccid: simFields.iccid,
  carrier: simFields.carrier.optional(),
  status: simFields.status.optional(),
  data_used: simFields.data_used.optional(),
  data_limit: simFields.data_limit.optional(),
  expires_on: simFields.expires_on.optional(),
  remark: simFields.remark.optional(),
});
export type OtaSimCreateBody = z.infer<typeof otaSimCreateBody>;

export const otaSimUpdateBody = otaSimCreateBody.omit({ iccid: true });
export type OtaSimUpdateBody = z.infer<typeof otaSimUpdateBody>;

/** A JSON list of SIM cards; all or nothing. */
export const otaSimImportBody = z.strictObject({ sims: z.array(otaSimCreateBody).min(1).max(5000) });
export type OtaSimImportBody = z.infer<typeof otaSimImportBody>;

export const otaSimListQuery = listQuery.extend({
  /** Part of the ICCID or remark. */
  search: z.string().trim().max(64).optional(),
  carrier: otaSimCarrier.optional(),
  status: otaSimStatus.optional(),
  /** `expired`: expiry before today; `soon`: expiry today or within the next 30 days. */
  expiry: z.enum(['expired', 'soon']).optional(),
});
export type OtaSimListQuery = z.infer<typeof otaSimListQuery>;

export const otaSimRow = z.object({
  id: z.number().int(),
  owner_user_id: z.number().int(),
  iccid: z.string(),
  carrier: otaSimCarrier,
  status: otaSimStatus,
  data_used: z.number().int(),
  data_limit: z.number().int().nullable(),
  expires_on: z.string().nullable(),
  remark: z.string(),
  /** Gateways of the caller's data with this ICCID. */
  gateway_imeis: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type OtaSimRow = z.infer<typeof otaSimRow>;
export const otaSimImportResult = z.object({ created: z.number().int() });
export type OtaSimImportResult = z.infer<typeof otaSimImportResult>;
