import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { colorSchema, expressionSchema, scalarSchema, textSchema } from './common.js';

const entries = <T extends z.ZodType>(item: T) => z.array(item).min(1).max(LIMITS.maxMapEntries);

/** value < stops[0].at gives `below`; otherwise the last stop whose `at` <= value. Stops ascend. */
const thresholdMap = z
  .strictObject({
    kind: z.literal('threshold'),
    prop: z.enum(['fill', 'stroke']),
    below: colorSchema,
    stops: entries(z.strictObject({ at: z.number(), color: colorSchema, blink: z.boolean().optional() })),
  })
  .superRefine((map, ctx) => {
    map.stops.forEach((stop, i) => {
      const prev = map.stops[i - 1];
      if (prev && stop.at <= prev.at) {
        ctx.addIssue({ code: 'custom', path: ['stops', i, 'at'], message: 'Stops must ascend' });
      }
    });
  });

/** The visual a discrete case sets; any subset. */
const discreteVisual = {
  fill: colorSchema.optional(),
  stroke: colorSchema.optional(),
  text: textSchema.optional(),
  visible: z.boolean().optional(),
  blink: z.boolean().optional(),
};

/** First case whose `equals` matches the value (numbers and booleans compare as 0/1); else `otherwise`. */
const discreteMap = z.strictObject({
  kind: z.literal('discrete'),
  cases: entries(z.strictObject({ equals: scalarSchema, ...discreteVisual })),
  otherwise: z.strictObject(discreteVisual).optional(),
});

/** Maps the input range onto the output range (clamped): tank level 0..1 or rotation in degrees. */
const linearMap = z
  .strictObject({
    kind: z.literal('linear'),
    prop: z.enum(['level', 'rotation']),
    from: z.tuple([z.number(), z.number()]),
    to: z.tuple([z.number(), z.number()]),
  })
  .superRefine((map, ctx) => {
    if (map.from[0] === map.from[1])
      ctx.addIssue({ code: 'custom', path: ['from'], message: 'Empty input range' });
    if (map.prop === 'level' && map.to.some((v) => v < 0 || v > 1)) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'A level is between 0 and 1' });
    }
  });

/** Non-zero / true / non-empty is "on" (inverted on request): visibility, blinking or pipe flow. */
const booleanMap = z.strictObject({
  kind: z.literal('boolean'),
  prop: z.enum(['visible', 'blink', 'flow']),
  invert: z.boolean(),
});

/** Signed flow: above +deadband flows forward, below -deadband in reverse, else still. */
const flowMap = z.strictObject({ kind: z.literal('flow'), deadband: z.number().min(0) });

/** The value as text: SPEC 4 translation first (if asked), else the number with decimals and unit. */
const textMap = z.strictObject({
  kind: z.literal('text'),
  translate: z.boolean(),
  unit: z.boolean(),
  decimals: z.number().int().min(0).max(10).optional(),
  prefix: textSchema.optional(),
  suffix: textSchema.optional(),
});

/** Anything the fixed kinds cannot say, in the package's expression language (never JavaScript). */
const expressionMap = z.strictObject({
  kind: z.literal('expression'),
  prop: z.enum(['fill', 'stroke', 'text', 'visible', 'blink', 'rotation', 'level']),
  expression: expressionSchema,
});

export const valueMapSchema = z.discriminatedUnion('kind', [
  thresholdMap,
  discreteMap,
  linearMap,
  booleanMap,
  flowMap,
  textMap,
  expressionMap,
]);
export type ValueMap = z.infer<typeof valueMapSchema>;
export type ValueMapKind = ValueMap['kind'];
