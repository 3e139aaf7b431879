import { z } from 'zod';
import { listQuery } from '../envelope.js';
import { REPAIR_TYPES, WORK_ORDER_EVENTS, WORK_ORDER_PRIORITIES } from './transitions.js';

/** Work orders (issue 22, docs/maintenance.md). Shared by the server routes and the web pages. */

const id = z.coerce.number().int().positive();
const hash = z.string().regex(/^[0-9a-f]{64}$/, 'expected a sha256 file hash');
const note = z.string().trim().max(2000);

/** An order is "due soon" this long before its due time (list view and the assignee's notice). */
export const WORK_ORDER_DUE_SOON_HOURS = 24;
/** Largest photo or signature upload. */
export const WORK_ORDER_FILE_MAX_BYTES = 5 * 1024 * 1024;
export const WORK_ORDER_MAX_PHOTOS_PER_RECORD = 10;
export const WORK_ORDER_MAX_CHECKLIST = 50;
export const WORK_ORDER_FILE_KINDS = ['photo', 'signature'] as const;
export type WorkOrderFileKind = (typeof WORK_ORDER_FILE_KINDS)[number];

const dueAt = z.iso
  .datetime({ offset: true })
  .transform((v) => new Date(v))
  .nullable();

/** POST /maintenance/work-orders: with `alarm_id` it is a repair raised from that alarm (SPEC 3 dispatch). */
export const workOrderCreateBody = z.object({
  type: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(1),
  title: z.string().trim().min(1).max(100),
  description: z.string().trim().max(2000).default(''),
  device_id: id.nullable().optional(),
  alarm_id: id.nullable().optional(),
  /** A device ledger asset the order concerns (its linked device becomes the order's when none is given). */
  asset_id: id.nullable().optional(),
  repair_type: z
    .number()
    .int()
    .refine((v) => (REPAIR_TYPES as readonly number[]).includes(v), 'expected 0 on-site or 1 off-site')
    .nullable()
    .optional(),
  priority: z
    .number()
    .int()
    .refine((v) => (WORK_ORDER_PRIORITIES as readonly number[]).includes(v), 'expected 0 to 3')
    .default(1),
  due_at: dueAt.optional(),
  /** Given: the order is dispatched to this user at once. */
  assignee_id: id.nullable().optional(),
  checklist: z.array(z.string().trim().min(1).max(200)).max(WORK_ORDER_MAX_CHECKLIST).default([]),
});
export type WorkOrderCreateBody = z.infer<typeof workOrderCreateBody>;

/** GET /maintenance/work-orders */
export const workOrderListQuery = listQuery.extend({
  type: z.coerce.number().int().min(0).max(2).optional(),
  status: z.coerce.number().int().min(0).max(4).optional(),
  assignee_id: id.optional(),
  device_id: id.optional(),
  alarm_id: id.optional(),
  asset_id: id.optional(),
  /** overdue: open and past due; due_soon: open and due within WORK_ORDER_DUE_SOON_HOURS. */
  view: z.enum(['overdue', 'due_soon']).optional(),
  /** true: only orders assigned to the caller ("My work orders"). */
  mine: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .optional(),
  search: z.string().trim().max(64).optional(),
});
export type WorkOrderListQuery = z.infer<typeof workOrderListQuery>;

export const checklistItem = z.object({
  label: z.string(),
  /** null: not checked yet. */
  done: z.boolean().nullable(),
  note: z.string(),
});
export type ChecklistItem = z.infer<typeof checklistItem>;

export const workOrderRow = z.object({
  id: z.number().int(),
  type: z.number().int(),
  status: z.number().int(),
  title: z.string(),
  description: z.string(),
  device_id: z.number().int().nullable(),
  device_title: z.string().nullable(),
  alarm_id: z.number().int().nullable(),
  repair_type: z.number().int().nullable(),
  priority: z.number().int(),
  due_at: z.string().nullable(),
  overdue: z.boolean(),
  due_soon: z.boolean(),
  created_by: z.number().int().nullable(),
  created_by_name: z.string(),
  assignee_id: z.number().int().nullable(),
  assignee_name: z.string().nullable(),
  checklist: z.array(checklistItem),
  /** Later sessions attach a maintenance plan occurrence, a ledger asset, an enforcement record. */
  plan_id: z.number().int().nullable(),
  asset_id: z.number().int().nullable(),
  /** The asset's code and name ("PUMP-001 Inlet pump 1"), when the order names one. */
  asset_title: z.string().nullable(),
  record_id: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  closed_at: z.string().nullable(),
});
export type WorkOrderRow = z.infer<typeof workOrderRow>;

export const partUsed = z.object({
  name: z.string().trim().min(1).max(100),
  qty: z.number().positive().max(1_000_000),
});
export type PartUsed = z.infer<typeof partUsed>;

export const workOrderHistoryRow = z.object({
  id: z.number().int(),
  event: z.enum(['create', ...WORK_ORDER_EVENTS]),
  from_status: z.number().int().nullable(),
  to_status: z.number().int(),
  actor_id: z.number().int().nullable(),
  actor_name: z.string(),
  note: z.string(),
  assignee_id: z.number().int().nullable(),
  assignee_name: z.string().nullable(),
  photos: z.array(z.string()),
  signature: z.string().nullable(),
  checklist: z.array(checklistItem),
  parts: z.array(partUsed),
  at: z.string(),
});
export type WorkOrderHistoryRow = z.infer<typeof workOrderHistoryRow>;

export const workOrderDetail = workOrderRow.extend({
  history: z.array(workOrderHistoryRow),
  /** The events the caller may fire now (transition table). */
  allowed_events: z.array(z.enum(WORK_ORDER_EVENTS)),
});
export type WorkOrderDetail = z.infer<typeof workOrderDetail>;

export const workOrderDispatchBody = z.object({ assignee_id: id, note: note.default('') });
export const workOrderNoteBody = z.object({ note: note.default('') });
/** Returning and ending say why. */
export const workOrderReasonBody = z.object({ note: z.string().trim().min(1).max(2000) });
export const workOrderRecordBody = z
  .object({
    note: note.default(''),
    photos: z.array(hash).max(WORK_ORDER_MAX_PHOTOS_PER_RECORD).default([]),
    signature: hash.nullable().default(null),
    /** Results by the checklist item's position. */
    checklist: z
      .array(
        z.object({
          index: z.number().int().min(0),
          done: z.boolean(),
          note: z.string().trim().max(500).default(''),
        }),
      )
      .max(WORK_ORDER_MAX_CHECKLIST)
      .default([]),
    parts: z.array(partUsed).max(50).default([]),
  })
  .refine(
    (v) =>
      v.note !== '' ||
      v.photos.length > 0 ||
      v.signature !== null ||
      v.checklist.length > 0 ||
      v.parts.length > 0,
    { message: 'nothing recorded' },
  );
export type WorkOrderRecordBody = z.infer<typeof workOrderRecordBody>;

/** POST /maintenance/work-orders/{id}/files answer. */
export const workOrderFileRow = z.object({
  hash: z.string(),
  kind: z.enum(WORK_ORDER_FILE_KINDS),
  mime: z.string(),
  size: z.number().int(),
});
export type WorkOrderFileRow = z.infer<typeof workOrderFileRow>;

/** GET /maintenance/assignees: users of the caller's tenant an order can be dispatched to. */
export const workOrderAssignee = z.object({ id: z.number().int(), name: z.string(), username: z.string() });
export type WorkOrderAssignee = z.infer<typeof workOrderAssignee>;

/** The caller's own work order notices (dispatched, due soon, overdue), newest first. */
export const WORK_ORDER_NOTICE_KINDS = ['dispatched', 'due_soon', 'overdue'] as const;
export type WorkOrderNoticeKind = (typeof WORK_ORDER_NOTICE_KINDS)[number];
export const workOrderNoticeRow = z.object({
  id: z.number().int(),
  kind: z.enum(WORK_ORDER_NOTICE_KINDS),
  order_id: z.number().int(),
  title: z.string(),
  at: z.string(),
  read: z.boolean(),
});
export type WorkOrderNoticeRow = z.infer<typeof workOrderNoticeRow>;
