/** Device and gateway templates, and device models (docs/api-devices.md "Templates and models"). */
import { z } from 'zod';
import { DEVICE_GATEWAY_PROTOCOLS, pointCreateBody } from './device-points.js';
import { deviceListQuery, deviceProtocolField } from './devices.js';

const templatePoint = pointCreateBody.omit({ slave_id: true });
export const templateSlave = z.strictObject({
  name: z.string().trim().min(1).max(64),
  slave_id: z.number().int().min(1).max(254),
  points: z.array(templatePoint).max(2000),
});
export const templateContent = z.strictObject({
  /** Gateway templates: the slaves and their points. */
  slaves: z.array(templateSlave).max(254).default([]),
  /** Device templates: points of the device itself. */
  points: z.array(templatePoint).max(2000).default([]),
});
export type TemplateContent = z.infer<typeof templateContent>;
export type TemplatePoint = z.infer<typeof templatePoint>;

const templateFields = {
  name: z.string().trim().min(1).max(64),
  kind: z.enum(['device', 'gateway']),
  remark: z.string().trim().max(500),
  /** Register-area family the points are checked against (null: any area). */
  gateway_protocol: z.enum(DEVICE_GATEWAY_PROTOCOLS).nullable(),
  slaves: z.array(templateSlave).max(254),
  points: z.array(templatePoint).max(2000),
};
export const templateBody = z.strictObject({
  ...templateFields,
  remark: templateFields.remark.optional(),
  gateway_protocol: templateFields.gateway_protocol.optional(),
  slaves: templateFields.slaves.default([]),
  points: templateFields.points.default([]),
});
/** Any subset; no defaults, so an absent field keeps its stored value. */
export const templateUpdateBody = z.strictObject(templateFields).partial();
export type TemplateBody = z.infer<typeof templateBody>;
export const templateRow = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(['device', 'gateway']),
  remark: z.string(),
  version: z.number().int(),
  builtin: z.boolean(),
  /** null: a platform template everyone may use but not change. */
  owner_user_id: z.number().int().nullable(),
  gateway_protocol: z.string().nullable(),
  slaves: z.array(templateSlave),
  points: z.array(templatePoint),
  slave_count: z.number().int(),
  point_count: z.number().int(),
  /** Devices built from an older version (they can be updated with POST .../apply). */
  outdated_devices: z.number().int(),
  updated_at: z.string(),
});
export type TemplateRow = z.infer<typeof templateRow>;
export const templateListQuery = z.object({
  page: deviceListQuery.shape.page,
  limit: deviceListQuery.shape.limit,
  search: z.string().trim().max(64).optional(),
  kind: z.enum(['device', 'gateway']).optional(),
});
export const templateApplyBody = z.strictObject({
  device_ids: z.array(z.number().int().positive()).min(1).max(1000),
});
export const templateDeviceRow = z.object({
  id: z.number().int(),
  device_title: z.string(),
  device_imei: z.string(),
  template_version: z.number().int().nullable(),
  outdated: z.boolean(),
});

export const modelBody = z.strictObject({
  name: z.string().trim().min(1).max(64),
  protocol: deviceProtocolField.nullable().optional(),
  gateway_protocol: z.enum(DEVICE_GATEWAY_PROTOCOLS).nullable().optional(),
  template_id: z.number().int().positive().nullable().optional(),
  remark: z.string().trim().max(500).optional(),
});
export const modelUpdateBody = modelBody.partial();
export type ModelBody = z.infer<typeof modelBody>;
export const modelRow = z.object({
  id: z.number().int(),
  name: z.string(),
  protocol: z.number().int().nullable(),
  gateway_protocol: z.string().nullable(),
  template_id: z.number().int().nullable(),
  remark: z.string(),
  owner_user_id: z.number().int().nullable(),
  device_count: z.number().int(),
  created_at: z.string(),
});
export type ModelRow = z.infer<typeof modelRow>;
export const modelListQuery = templateListQuery.omit({ kind: true });
