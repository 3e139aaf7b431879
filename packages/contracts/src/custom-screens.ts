import { z } from 'zod';
import { SERIES_FUNCTIONS } from './telemetry.js';

/**
 * Custom monitoring screens (issue 23 item 2, docs/custom-screens.md): a 1920x1080 canvas (DESIGN 12's
 * canvas model: frames in canvas pixels, scaled by a CSS transform) with widgets bound declaratively to
 * data points. No user code: a widget names its points and a `{points, aggregation, window}` source.
 */
export const CUSTOM_SCREEN_SCHEMA_VERSION = 1;
export const CUSTOM_SCREEN_LIMITS = {
  widgets: 200,
  pointsPerSource: 8,
  /** Seconds: 1 minute .. 7 days. */
  minWindow: 60,
  maxWindow: 7 * 86_400,
  canvas: 8192,
  text: 500,
  alarmDevices: 50,
  /** Point values a status table shows beside each device's status. */
  statusColumns: 3,
} as const;

/** Widget kinds in palette order (the issue's list, first ones first). */
export const CUSTOM_WIDGET_KINDS = [
  'number',
  'value',
  'gauge',
  'line',
  'bar',
  'alarms',
  'text',
  'clock',
  'image',
  'status',
  'scada',
  'map',
] as const;
export type CustomWidgetKind = (typeof CUSTOM_WIDGET_KINDS)[number];

export const screenColor = z
  .string()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, 'a #rgb or #rrggbb colour');
export const screenWidgetId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, '1-64 of A-Z a-z 0-9 _ -');
export const screenPointId = z.number().int().positive();

export const screenFrame = z.strictObject({
  x: z.number().finite().min(-CUSTOM_SCREEN_LIMITS.canvas).max(CUSTOM_SCREEN_LIMITS.canvas),
  y: z.number().finite().min(-CUSTOM_SCREEN_LIMITS.canvas).max(CUSTOM_SCREEN_LIMITS.canvas),
  w: z.number().finite().min(20).max(CUSTOM_SCREEN_LIMITS.canvas),
  h: z.number().finite().min(20).max(CUSTOM_SCREEN_LIMITS.canvas),
});
export type ScreenFrame = z.infer<typeof screenFrame>;

/** The declarative data source of a number or chart: points aggregated over the last `window` seconds. */
export const screenSource = z.strictObject({
  points: z.array(screenPointId).min(1).max(CUSTOM_SCREEN_LIMITS.pointsPerSource),
  aggregation: z.enum(SERIES_FUNCTIONS),
  window: z.number().int().min(CUSTOM_SCREEN_LIMITS.minWindow).max(CUSTOM_SCREEN_LIMITS.maxWindow),
});
export type ScreenSource = z.infer<typeof screenSource>;

const common = {
  id: screenWidgetId,
  frame: screenFrame,
  title: z.string().max(200).default(''),
  color: screenColor.optional(),
};
const decimals = z.number().int().min(0).max(6).default(1);
/** Canvas pixels of a text or clock (before the screen's scaling). */
const fontSize = z.number().int().min(8).max(400);

/** An IANA time zone the runtime knows (`Asia/Shanghai`, `UTC`); checked with Intl, no list to keep. */
export const screenTimeZone = z
  .string()
  .max(64)
  .refine(
    (zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    },
    { message: 'an IANA time zone such as Asia/Shanghai' },
  );

/**
 * A same-origin upload (`/upload/...`, the graph library's content-addressed files): a screen never
 * makes the viewer fetch from anywhere else.
 */
export const screenUploadPath = z
  .string()
  .max(2048)
  .regex(/^\/upload\/[A-Za-z0-9/_.-]+$/, 'a /upload/ path of this platform')
  .refine((p) => !p.split('/').includes('..'), 'a /upload/ path of this platform');

/** How an image fills its box: whole and letterboxed, cropped to cover, or stretched. */
export const IMAGE_FITS = ['contain', 'cover', 'stretch'] as const;

/** What a clock shows. */
export const CLOCK_SHOWS = ['datetime', 'date', 'time'] as const;
export const TEXT_ALIGNS = ['left', 'center', 'right'] as const;

export const screenWidget = z.discriminatedUnion('kind', [
  /** One number: the source's first point aggregated over the window. */
  z.strictObject({ ...common, kind: z.literal('number'), source: screenSource, decimals }),
  /** A point's latest value (live) with its unit. */
  z.strictObject({ ...common, kind: z.literal('value'), point: screenPointId, decimals }),
  z
    .strictObject({
      ...common,
      kind: z.literal('gauge'),
      point: screenPointId,
      min: z.number().finite(),
      max: z.number().finite(),
      decimals,
    })
    .refine((w) => w.min < w.max, { message: 'min must be below max', path: ['max'] }),
  z.strictObject({ ...common, kind: z.literal('line'), source: screenSource }),
  z.strictObject({ ...common, kind: z.literal('bar'), source: screenSource }),
  /** The latest alarms of these devices (newest first, `rows` of them). */
  z.strictObject({
    ...common,
    kind: z.literal('alarms'),
    devices: z.array(z.number().int().positive()).min(1).max(CUSTOM_SCREEN_LIMITS.alarmDevices),
    rows: z.number().int().min(1).max(50).default(10),
  }),
  /** Static text (no bindings): a label, a heading, a note. */
  z.strictObject({
    ...common,
    kind: z.literal('text'),
    text: z.string().max(CUSTOM_SCREEN_LIMITS.text),
    fontSize,
    align: z.enum(TEXT_ALIGNS),
  }),
  /** The current date and / or time in the viewer's locale and the screen's time zone. */
  z.strictObject({
    ...common,
    kind: z.literal('clock'),
    show: z.enum(CLOCK_SHOWS),
    seconds: z.boolean(),
    fontSize,
  }),
  /**
   * A device status table: each device's name, status (online / offline / alarming) and last reading,
   * and up to 3 point values picked by point name (the same name on every device of a fleet).
   */
  z.strictObject({
    ...common,
    kind: z.literal('status'),
    devices: z.array(z.number().int().positive()).min(1).max(CUSTOM_SCREEN_LIMITS.alarmDevices),
    columns: z.array(z.string().trim().min(1).max(64)).max(CUSTOM_SCREEN_LIMITS.statusColumns),
  }),
  /** A SCADA app (`scada`: its id) shown read-only and live, its page `page` (null: the first) scaled in. */
  z.strictObject({
    ...common,
    kind: z.literal('scada'),
    scada: z.number().int().positive(),
    page: z.string().min(1).max(64).nullable(),
  }),
  /** Devices on the offline basemap coloured by status: those named, or (none named) all the user's. */
  z.strictObject({
    ...common,
    kind: z.literal('map'),
    devices: z.array(z.number().int().positive()).max(CUSTOM_SCREEN_LIMITS.alarmDevices),
  }),
  /** An uploaded picture (null: not chosen yet), fitted into the frame. */
  z.strictObject({
    ...common,
    kind: z.literal('image'),
    src: screenUploadPath.nullable(),
    fit: z.enum(IMAGE_FITS),
  }),
]);
export type ScreenWidget = z.infer<typeof screenWidget>;

export const customScreenDocument = z
  .strictObject({
    schemaVersion: z.literal(CUSTOM_SCREEN_SCHEMA_VERSION),
    canvas: z.strictObject({
      w: z.number().int().min(320).max(CUSTOM_SCREEN_LIMITS.canvas),
      h: z.number().int().min(200).max(CUSTOM_SCREEN_LIMITS.canvas),
      background: screenColor,
      /** A same-origin upload (`/upload/...`), drawn under the widgets. */
      backgroundImage: screenUploadPath.nullable().default(null),
      backgroundFit: z.enum(IMAGE_FITS).default('cover'),
      theme: z.enum(['dark', 'light']),
      /** The zone clocks show; null: the viewer's own. */
      timeZone: screenTimeZone.nullable().default(null),
    }),
    widgets: z.record(screenWidgetId, screenWidget),
    /** z-order, bottom first; every widget exactly once. */
    order: z.array(screenWidgetId).max(CUSTOM_SCREEN_LIMITS.widgets),
  })
  .superRefine((doc, ctx) => {
    const ids = Object.keys(doc.widgets);
    if (ids.length > CUSTOM_SCREEN_LIMITS.widgets)
      ctx.addIssue({
        code: 'custom',
        path: ['widgets'],
        message: `at most ${CUSTOM_SCREEN_LIMITS.widgets} widgets`,
      });
    for (const [key, w] of Object.entries(doc.widgets))
      if (w.id !== key)
        ctx.addIssue({ code: 'custom', path: ['widgets', key, 'id'], message: 'must equal its key' });
    const seen = new Set<string>();
    doc.order.forEach((id, i) => {
      if (!doc.widgets[id] || seen.has(id))
        ctx.addIssue({ code: 'custom', path: ['order', i], message: 'not a widget, or listed twice' });
      seen.add(id);
    });
    for (const id of ids)
      if (!seen.has(id)) ctx.addIssue({ code: 'custom', path: ['order'], message: `widget ${id} missing` });
  });
export type CustomScreenDocument = z.infer<typeof customScreenDocument>;

/** Every point a document binds (sorted, once): what a share token may read, what the viewer watches. */
export function screenPointIds(doc: CustomScreenDocument): number[] {
  const ids = new Set<number>();
  for (const w of Object.values(doc.widgets)) {
    if ('point' in w) ids.add(w.point);
    if ('source' in w) for (const p of w.source.points) ids.add(p);
  }
  return [...ids].sort((a, b) => a - b);
}

export function emptyScreenDocument(): CustomScreenDocument {
  return {
    schemaVersion: CUSTOM_SCREEN_SCHEMA_VERSION,
    canvas: {
      w: 1920,
      h: 1080,
      background: '#0b1a33',
      backgroundImage: null,
      backgroundFit: 'cover',
      theme: 'dark',
      timeZone: null,
    },
    widgets: {},
    order: [],
  };
}

const screenName = z.string().trim().min(1).max(64);

export const customScreenRow = z.object({
  id: z.number().int(),
  name: z.string(),
  owner_user_id: z.number().int(),
  version: z.number().int(),
  /** Shown as an entry of the Monitoring screens menu. */
  published: z.boolean(),
  /**
   * Whether an external link is out. Its token is never read back: only the POST that makes it answers
   * it (the server keeps a hash), so a lost link is replaced by a new one.
   */
  shared: z.boolean(),
  /** When the current link was made; null without one. */
  shared_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CustomScreenRow = z.infer<typeof customScreenRow>;

export const customScreenDetail = customScreenRow.extend({ document: customScreenDocument });
export type CustomScreenDetail = z.infer<typeof customScreenDetail>;

export const customScreenListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  search: z.string().trim().max(64).optional(),
  published: z.enum(['0', '1']).optional(),
});
export type CustomScreenListQuery = z.infer<typeof customScreenListQuery>;

export const customScreenCreateBody = z.strictObject({
  name: screenName,
  /** Any JSON: validated by the server against `customScreenDocument` (an empty screen when absent). */
  document: z.unknown().optional(),
});
export type CustomScreenCreateBody = z.infer<typeof customScreenCreateBody>;

export const customScreenUpdateBody = z
  .strictObject({
    name: screenName.optional(),
    document: z.unknown().optional(),
    /** The version the document was loaded at; required with a document. */
    version: z.number().int().positive().optional(),
    published: z.boolean().optional(),
  })
  .refine((b) => b.document === undefined || b.version !== undefined, {
    message: 'version is required to save a document',
    path: ['version'],
  });
export type CustomScreenUpdateBody = z.infer<typeof customScreenUpdateBody>;
