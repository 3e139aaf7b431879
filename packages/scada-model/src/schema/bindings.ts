import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { expressionSchema, pointRefSchema, scalarSchema, textSchema } from './common.js';
import { valueMapSchema } from './maps.js';

/** A point's live value turned into one visual property of the element (DESIGN 12: declarative). */
export const bindingSchema = z.strictObject({ point: pointRefSchema, map: valueMapSchema });
export type Binding = z.infer<typeof bindingSchema>;

export const bindingsSchema = z.array(bindingSchema).max(LIMITS.maxBindingsPerElement);

/**
 * What a button, switch or input writes. Exactly one of `value` (a constant) or `expression` (computed
 * from `value` = the point's current value, or the number typed into an input). The server executes it
 * through the ordinary command path with the permission named here; `confirm` asks the operator first.
 */
export const writeBackSchema = z
  .strictObject({
    point: pointRefSchema,
    value: scalarSchema.optional(),
    expression: expressionSchema.optional(),
    confirm: z.boolean(),
    confirmText: textSchema.optional(),
    permission: z.enum(['control', 'parameter']).optional(),
  })
  .superRefine((w, ctx) => {
    if ((w.value === undefined) === (w.expression === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'Give exactly one of value or expression' });
    }
  });
export type WriteBack = z.infer<typeof writeBackSchema>;
