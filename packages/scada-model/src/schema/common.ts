import { z } from 'zod';
import { checkExpression } from '../expression/index.js';
import { LIMITS } from '../limits.js';

// Keys that would reach Object.prototype when used as a property name on a plain object.
const RESERVED_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Element, page and group ids: short, URL- and CSS-safe, and never a prototype key. */
export const idSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]+$/, 'Use letters, digits, "_" or "-"')
  .max(LIMITS.maxIdLength)
  .refine((id) => !RESERVED_KEYS.has(id), 'Reserved id');

export const nameSchema = z.string().max(LIMITS.maxNameLength);
export const textSchema = z.string().max(LIMITS.maxTextLength);

/** Colours are hex only (#rgb, #rrggbb, #rrggbbaa) or "none": nothing a renderer must parse or fetch. */
export const colorSchema = z
  .string()
  .regex(/^(#[0-9a-fA-F]{3}|#[0-9a-fA-F]{6}|#[0-9a-fA-F]{8}|none)$/, 'Not a colour');
export const isColor = (s: unknown): s is string => colorSchema.safeParse(s).success;

const coord = z.number().min(-LIMITS.maxCanvasSize).max(LIMITS.maxCanvasSize);
const size = z.number().min(0).max(LIMITS.maxCanvasSize);

/**
 * Geometry of every element, in page coordinates (also inside groups: children keep absolute frames,
 * so moving a group moves its children and hit-testing never has to compose transforms).
 * `rotation` is in degrees, clockwise, about the frame's centre.
 */
export const frameSchema = z.strictObject({
  x: coord,
  y: coord,
  w: size,
  h: size,
  rotation: z.number().min(-360).max(360),
});
export type Frame = z.infer<typeof frameSchema>;

/** A point inside an element's frame, relative to its top-left corner (lines and pipes). */
export const vertexSchema = z.strictObject({ x: coord, y: coord });
export type Vertex = z.infer<typeof vertexSchema>;

/**
 * What a binding or write-back talks to. A drawing made for one device uses concrete point ids; a
 * template drawn for a device template uses point names, resolved for a chosen device by
 * resolveTemplateBindings. Tagged so the two can never be confused.
 */
export const pointRefSchema = z.discriminatedUnion('by', [
  z.strictObject({ by: z.literal('id'), pointId: z.string().min(1).max(LIMITS.maxIdLength) }),
  z.strictObject({ by: z.literal('name'), name: z.string().min(1).max(LIMITS.maxNameLength) }),
]);
export type PointRef = z.infer<typeof pointRefSchema>;

/** An expression in the package's own language, checked at validation time so the path points at it. */
export const expressionSchema = z
  .string()
  .max(LIMITS.maxExpressionLength)
  .superRefine((src, ctx) => {
    const problem = checkExpression(src);
    if (problem) ctx.addIssue({ code: 'custom', message: `Invalid expression: ${problem}` });
  });

/** A scalar a point can hold or a write can send. */
export const scalarSchema = z.union([z.number(), z.string().max(LIMITS.maxTextLength), z.boolean()]);
export type Scalar = z.infer<typeof scalarSchema>;
