import { z } from 'zod';
import { dataPointRow } from './device-points.js';
import { listQuery } from './envelope.js';

/**
 * SCADA apps and templates (docs/api-scada.md). The drawing itself is `@fleet/scada-model`'s document:
 * the contracts carry it as an opaque JSON object and the server validates it with `loadDocument`
 * (migrate, then validate), so the schema lives in one place.
 */
export const SCADA_KINDS = ['app', 'template'] as const;
export const scadaKind = z.enum(SCADA_KINDS);
export type ScadaKind = z.infer<typeof scadaKind>;

/** A thumbnail is a PNG data URL (the PNG signature checked) of at most ~200 KB; nothing else is stored. */
export const SCADA_THUMBNAIL_MAX_CHARS = 280_000;
export const scadaThumbnail = z
  .string()
  .max(SCADA_THUMBNAIL_MAX_CHARS)
  .regex(/^data:image\/png;base64,iVBORw0KGgo[A-Za-z0-9+/]*={0,2}$/, 'a data:image/png;base64 URL');

const scadaName = z.string().trim().min(1).max(64);
/** Any JSON object; `loadDocument` on the server decides whether it is a valid document. */
const scadaDocumentJson = z.record(z.string(), z.unknown());

export const scadaListQuery = listQuery.extend({
  search: z.string().trim().max(64).optional(),
  kind: scadaKind.optional(),
});
export type ScadaListQuery = z.infer<typeof scadaListQuery>;

/** A template drawing names the device template (`template_id`) whose point names it binds. */
export const scadaCreateBody = z.strictObject({
  kind: scadaKind,
  name: scadaName,
  template_id: z.number().int().positive().nullable().optional(),
  /** Absent: an empty one-page drawing. */
  document: scadaDocumentJson.optional(),
  thumbnail: scadaThumbnail.nullable().optional(),
});
export type ScadaCreateBody = z.infer<typeof scadaCreateBody>;

/**
 * Rename, save the drawing, set the thumbnail. A document save must carry the `version` it was loaded
 * at: a stale one answers 20000 and overwrites nothing. A rename or thumbnail alone needs no version
 * (and checks it when given); only a document save makes a new version.
 */
export const scadaUpdateBody = z
  .strictObject({
    name: scadaName.optional(),
    document: scadaDocumentJson.optional(),
    version: z.number().int().positive().optional(),
    thumbnail: scadaThumbnail.nullable().optional(),
  })
  .refine((b) => b.document === undefined || b.version !== undefined, {
    message: 'version is required to save a document',
    path: ['version'],
  });
export type ScadaUpdateBody = z.infer<typeof scadaUpdateBody>;

export const scadaCopyBody = z.strictObject({ name: scadaName.optional() });
export type ScadaCopyBody = z.infer<typeof scadaCopyBody>;

/** The file GET /scada/{id}/export answers and POST /scada/import takes. */
export const SCADA_EXPORT_FORMAT = 'fleet-scada';
export const scadaExportFile = z.object({
  format: z.literal(SCADA_EXPORT_FORMAT),
  version: z.literal(1),
  kind: scadaKind,
  name: scadaName,
  /** The device template a template drawing was bound to on the exporting server (informative). */
  template_id: z.number().int().positive().nullable().optional(),
  document: scadaDocumentJson,
});
export type ScadaExportFile = z.infer<typeof scadaExportFile>;

/** An exported file; `template_id` names the device template to bind on this server (templates only). */
export const scadaImportBody = scadaExportFile.extend({ name: scadaName.optional() });
export type ScadaImportBody = z.infer<typeof scadaImportBody>;

export const scadaRow = z.object({
  id: z.number().int(),
  kind: scadaKind,
  name: z.string(),
  template_id: z.number().int().nullable(),
  owner_user_id: z.number().int(),
  version: z.number().int(),
  thumbnail: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ScadaRow = z.infer<typeof scadaRow>;

export const scadaDetail = scadaRow.extend({ document: z.record(z.string(), z.unknown()) });
export type ScadaDetail = z.infer<typeof scadaDetail>;

/** Publish a template as one app per chosen device of its device template (issue 18), all or nothing. */
export const scadaPublishBody = z.strictObject({
  device_ids: z.array(z.number().int().positive()).min(1).max(50),
});
export type ScadaPublishBody = z.infer<typeof scadaPublishBody>;
export const scadaPublished = z.object({ apps: z.array(scadaRow) });
export type ScadaPublished = z.infer<typeof scadaPublished>;

export const scadaResolveQuery = z.object({ device_id: z.coerce.number().int().positive() });

/**
 * GET /scada/for-device?device_id=: the SCADA templates drawn for a device's device template (what its
 * map popup links to, opened for that device); names only, no documents or thumbnails.
 */
export const scadaForDevice = z.object({
  rows: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type ScadaForDevice = z.infer<typeof scadaForDevice>;
export const scadaResolved = z.object({
  id: z.number().int(),
  device_id: z.number().int(),
  /** The document with every point name the device has replaced by that point's id. */
  document: z.record(z.string(), z.unknown()),
  /** Point names the device lacks (sorted); those elements show no data. */
  missing: z.array(z.string()),
});
export type ScadaResolved = z.infer<typeof scadaResolved>;

/** GET /scada/{id}/points: `device_id` chooses the device a template is shown for (apps take none). */
export const scadaPointsQuery = z.object({ device_id: z.coerce.number().int().positive().optional() });
export type ScadaPointsQuery = z.infer<typeof scadaPointsQuery>;
/** A device the drawing shows: the runtime subscribes to it and greys its elements while offline. */
export const scadaPointDevice = z.object({
  id: z.number().int(),
  name: z.string(),
  /** 1 online, 0 offline (the device list's status). */
  status: z.number().int(),
  /**
   * The device's data is locked (its service expired past the grace period, docs/recharge.md): its
   * elements show no values and /wss pushes none until it is renewed.
   */
  locked: z.boolean(),
});
export const scadaPoints = z.object({
  devices: z.array(scadaPointDevice),
  /** The referenced points the caller may see, with their device, unit, translation and write rules. */
  points: z.array(dataPointRow),
});
export type ScadaPoints = z.infer<typeof scadaPoints>;
