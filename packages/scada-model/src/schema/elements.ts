import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { getSymbol } from '../symbols/index.js';
import { bindingsSchema, writeBackSchema } from './bindings.js';
import {
  colorSchema,
  frameSchema,
  idSchema,
  nameSchema,
  pointRefSchema,
  textSchema,
  vertexSchema,
} from './common.js';

/** Fields every element has. Bindings override the static style at run time. */
const base = {
  frame: frameSchema,
  name: nameSchema.optional(),
  opacity: z.number().min(0).max(1).optional(),
  hidden: z.boolean().optional(),
  locked: z.boolean().optional(),
  bindings: bindingsSchema.optional(),
};

const stroke = { stroke: colorSchema, strokeWidth: z.number().min(0).max(100) };
const vertices = (min: number) => z.array(vertexSchema).min(min).max(LIMITS.maxPolylinePoints);

/** Same-origin uploads only: an external URL would leak every viewer's address to a third party. */
const uploadPath = z
  .string()
  .max(LIMITS.maxUrlLength)
  .regex(/^\/upload\/[A-Za-z0-9._\-/]+$/, 'Must be an /upload/ path')
  .refine((s) => !s.includes('..'), 'Must be an /upload/ path');

/** Where a navigation link goes: another page of this app, or a route of the platform (never a URL). */
const navTarget = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('page'), page: idSchema }),
  z.strictObject({
    kind: z.literal('route'),
    path: z
      .string()
      .max(LIMITS.maxUrlLength)
      .regex(/^\/(?!\/)[A-Za-z0-9._~\-/?=&%]*$/, 'Must be a path of this platform'),
  }),
]);
export type NavTarget = z.infer<typeof navTarget>;

export const rectangleSchema = z.strictObject({
  kind: z.literal('rectangle'),
  ...base,
  fill: colorSchema,
  ...stroke,
  radius: z.number().min(0).max(LIMITS.maxCanvasSize).optional(),
});
export const ellipseSchema = z.strictObject({
  kind: z.literal('ellipse'),
  ...base,
  fill: colorSchema,
  ...stroke,
});
export const lineSchema = z.strictObject({
  kind: z.literal('line'),
  ...base,
  ...stroke,
  points: z.tuple([vertexSchema, vertexSchema]),
  arrow: z.enum(['none', 'start', 'end', 'both']).optional(),
});
/** A polyline pipe; `flow` is the static direction, a flow or boolean binding animates it. */
export const pipeSchema = z.strictObject({
  kind: z.literal('pipe'),
  ...base,
  ...stroke,
  points: vertices(2),
  liquid: colorSchema,
  flow: z.enum(['none', 'forward', 'reverse']),
});
export const textElementSchema = z.strictObject({
  kind: z.literal('text'),
  ...base,
  text: textSchema,
  color: colorSchema,
  fontSize: z.number().min(1).max(500),
  align: z.enum(['start', 'center', 'end']),
  bold: z.boolean().optional(),
});
export const imageSchema = z.strictObject({
  kind: z.literal('image'),
  ...base,
  src: uploadPath,
  fit: z.enum(['contain', 'cover', 'fill']),
});
/** A symbol from the built-in library (`builtin:<id>`) or an uploaded, sanitised one (`graphlib:<hash>`). */
export const symbolSchema = z.strictObject({
  kind: z.literal('symbol'),
  ...base,
  symbol: z
    .string()
    .regex(/^(builtin:[a-z0-9-]{1,64}|graphlib:[a-f0-9]{16,128})$/, 'Unknown symbol reference')
    // Built-in ids are stable and never removed, so a document naming one that does not exist is wrong.
    .refine(
      (ref) => !ref.startsWith('builtin:') || getSymbol(ref.slice(8)) !== undefined,
      'Unknown built-in symbol',
    ),
  fill: colorSchema.optional(),
});
export const gaugeSchema = z
  .strictObject({
    kind: z.literal('gauge'),
    ...base,
    style: z.enum(['dial', 'bar']),
    point: pointRefSchema,
    min: z.number(),
    max: z.number(),
    decimals: z.number().int().min(0).max(10),
  })
  .refine((g) => g.max > g.min, { path: ['max'], message: 'max must exceed min' });
export const trendSchema = z.strictObject({
  kind: z.literal('trend'),
  ...base,
  series: z
    .array(z.strictObject({ point: pointRefSchema, color: colorSchema, label: nameSchema.optional() }))
    .min(1)
    .max(LIMITS.maxTrendSeries),
  windowSeconds: z
    .number()
    .int()
    .min(60)
    .max(7 * 86400),
  min: z.number().optional(),
  max: z.number().optional(),
});
export const buttonSchema = z.strictObject({
  kind: z.literal('button'),
  ...base,
  label: textSchema,
  write: writeBackSchema,
});
/** Shows its point's state (via a binding) and writes `write` when flipped; a toggle is `value == 1 ? 0 : 1`. */
export const switchSchema = z.strictObject({
  kind: z.literal('switch'),
  ...base,
  onLabel: textSchema,
  offLabel: textSchema,
  write: writeBackSchema,
});
/** The typed number is `value` for the write expression (usually just `value`). */
export const numericInputSchema = z
  .strictObject({
    kind: z.literal('numericInput'),
    ...base,
    min: z.number(),
    max: z.number(),
    step: z.number().positive(),
    write: writeBackSchema,
  })
  .refine((n) => n.max >= n.min, { path: ['max'], message: 'max must not be below min' });
export const linkSchema = z.strictObject({
  kind: z.literal('link'),
  ...base,
  label: textSchema,
  to: navTarget,
});
/** Children keep absolute frames; a group's own frame is their bounding box. */
export const groupSchema = z.strictObject({
  kind: z.literal('group'),
  ...base,
  children: z.array(idSchema).min(1).max(LIMITS.maxElementsPerPage),
});

export const elementSchema = z.discriminatedUnion('kind', [
  rectangleSchema,
  ellipseSchema,
  lineSchema,
  pipeSchema,
  textElementSchema,
  imageSchema,
  symbolSchema,
  gaugeSchema,
  trendSchema,
  buttonSchema,
  switchSchema,
  numericInputSchema,
  linkSchema,
  groupSchema,
]);
export type Element = z.infer<typeof elementSchema>;
export type ElementKind = Element['kind'];
export const ELEMENT_KINDS = elementSchema.options.map((o) => o.shape.kind.value) as ElementKind[];
