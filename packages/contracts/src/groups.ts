/**
 * Device groups, projects and companies (docs/api-devices.md "Groups, projects, companies"):
 * flat lists owned by a data owner that a device can belong to (one of each).
 */
import { z } from 'zod';

export const groupListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce
    .number()
    .int()
    .refine((n) => [10, 20, 30, 50, 100].includes(n), 'limit must be one of 10, 20, 30, 50, 100')
    .default(20),
  search: z.string().trim().max(64).optional(),
});
export type GroupListQuery = z.infer<typeof groupListQuery>;
export const projectListQuery = groupListQuery;
export const companyListQuery = groupListQuery;

const name = z.string().trim().min(1).max(64);
const remark = z.string().trim().max(500);
const address = z.string().trim().max(200);
const contact = z.string().trim().max(64);
const phone = z.string().trim().max(32);

export const groupBody = z.strictObject({ name, remark: remark.optional() });
export const groupUpdateBody = groupBody.partial();
export type GroupBody = z.infer<typeof groupBody>;
export type GroupUpdateBody = z.infer<typeof groupUpdateBody>;

export const projectBody = z.strictObject({
  name,
  remark: remark.optional(),
  address: address.optional(),
  lat: z.number().min(-90).max(90).nullable().optional(),
  lng: z.number().min(-180).max(180).nullable().optional(),
  contact: contact.optional(),
  phone: phone.optional(),
});
export const projectUpdateBody = projectBody.partial();
export type ProjectBody = z.infer<typeof projectBody>;
export type ProjectUpdateBody = z.infer<typeof projectUpdateBody>;

export const companyBody = z.strictObject({
  name,
  contact: contact.optional(),
  phone: phone.optional(),
  address: address.optional(),
  remark: remark.optional(),
});
export const companyUpdateBody = companyBody.partial();
export type CompanyBody = z.infer<typeof companyBody>;
export type CompanyUpdateBody = z.infer<typeof companyUpdateBody>;

export const groupRow = z.object({
  id: z.number().int(),
  name: z.string(),
  remark: z.string(),
  /** Devices that belong to the row. */
  device_count: z.number().int(),
  owner_user_id: z.number().int(),
  created_at: z.string(),
});
export type GroupRow = z.infer<typeof groupRow>;

export const projectRow = groupRow.extend({
  address: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  contact: z.string(),
  phone: z.string(),
});
export type ProjectRow = z.infer<typeof projectRow>;

export const companyRow = groupRow.extend({
  contact: z.string(),
  phone: z.string(),
  address: z.string(),
});
export type CompanyRow = z.infer<typeof companyRow>;
