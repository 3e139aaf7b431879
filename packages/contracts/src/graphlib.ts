import { z } from 'zod';
import { listQuery } from './envelope.js';

/**
 * The graph library's uploads (docs/api-scada.md "Graph library"): a user's categories and the SVG
 * and PNG symbols uploaded into them. Files are served, content-addressed, from
 * `/upload/graphlib/{hash}.{kind}`.
 */
export const GRAPHLIB_KINDS = ['svg', 'png'] as const;
export const graphlibKind = z.enum(GRAPHLIB_KINDS);
export type GraphlibKind = z.infer<typeof graphlibKind>;

/** An upload over this many bytes is refused (10002, nothing stored). */
export const GRAPHLIB_MAX_BYTES = 2 * 1024 * 1024;
/** Where a stored file is served (same origin, outside /api/v1, no token). */
export const GRAPHLIB_URL_PREFIX = '/upload/graphlib/';
export const graphlibUrl = (hash: string, kind: GraphlibKind) => `${GRAPHLIB_URL_PREFIX}${hash}.${kind}`;

export const graphlibName = z.string().trim().min(1).max(64);

export const graphlibCategoryBody = z.strictObject({ name: graphlibName });
export type GraphlibCategoryBody = z.infer<typeof graphlibCategoryBody>;

export const graphlibCategoryRow = z.object({
  id: z.number().int(),
  owner_user_id: z.number().int(),
  name: z.string(),
  /** Uploads in the category. */
  item_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type GraphlibCategoryRow = z.infer<typeof graphlibCategoryRow>;

export const graphlibListQuery = listQuery.extend({
  search: z.string().trim().max(64).optional(),
  category_id: z.coerce.number().int().positive().optional(),
  kind: graphlibKind.optional(),
});
export type GraphlibListQuery = z.infer<typeof graphlibListQuery>;

/** The text fields of the multipart upload (beside the `file` part). */
export const graphlibUploadFields = z.object({
  category_id: z.coerce.number().int().positive(),
  /** Default: the file name without its extension. */
  name: graphlibName.optional(),
});
export type GraphlibUploadFields = z.infer<typeof graphlibUploadFields>;

/** Rename and/or move to another category of the same owner. */
export const graphlibUpdateBody = z.strictObject({
  name: graphlibName.optional(),
  category_id: z.number().int().positive().optional(),
});
export type GraphlibUpdateBody = z.infer<typeof graphlibUpdateBody>;

export const graphlibItemRow = z.object({
  id: z.number().int(),
  owner_user_id: z.number().int(),
  category_id: z.number().int(),
  name: z.string(),
  kind: graphlibKind,
  /** sha256 of the stored bytes (hex). */
  hash: z.string(),
  size: z.number().int(),
  /** `/upload/graphlib/{hash}.{kind}` */
  url: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type GraphlibItemRow = z.infer<typeof graphlibItemRow>;
