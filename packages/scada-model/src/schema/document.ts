import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { colorSchema, idSchema, nameSchema } from './common.js';
import { type Element, elementSchema } from './elements.js';

/** The package's document version. Bump it only together with a step in migrations/. */
export const SCADA_SCHEMA_VERSION = 2;

export const canvasSchema = z.strictObject({
  w: z.number().int().min(1).max(LIMITS.maxCanvasSize),
  h: z.number().int().min(1).max(LIMITS.maxCanvasSize),
  background: colorSchema,
});
export type Canvas = z.infer<typeof canvasSchema>;

/**
 * Every element appears exactly once: in `order` (bottom first) or in one group's `children`, and all
 * are reachable from `order` (so groups cannot form cycles). Group nesting is bounded.
 */
function checkTree(page: { elements: Record<string, Element>; order: string[] }, ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  const visit = (ids: string[], path: (string | number)[], depth: number) => {
    ids.forEach((id, i) => {
      const at = [...path, i];
      const issue = (message: string) => ctx.addIssue({ code: 'custom', path: at, message });
      const element = Object.hasOwn(page.elements, id) ? page.elements[id] : undefined;
      if (!element) issue(`Unknown element "${id}"`);
      else if (seen.has(id)) issue(`"${id}" is listed twice`);
      else {
        seen.add(id);
        if (element.kind !== 'group') return;
        if (depth >= LIMITS.maxGroupDepth) issue('Groups nested too deeply');
        else visit(element.children, ['elements', id, 'children'], depth + 1);
      }
    });
  };
  visit(page.order, ['order'], 0);
  for (const id of Object.keys(page.elements)) {
    if (!seen.has(id))
      ctx.addIssue({ code: 'custom', path: ['elements', id], message: 'Element is not placed' });
  }
}

export const pageSchema = z
  .strictObject({
    name: nameSchema,
    canvas: canvasSchema,
    elements: z.record(idSchema, elementSchema),
    order: z.array(idSchema).max(LIMITS.maxElementsPerPage),
  })
  .superRefine((page, ctx) => {
    if (Object.keys(page.elements).length > LIMITS.maxElementsPerPage) {
      ctx.addIssue({ code: 'custom', path: ['elements'], message: 'Too many elements on this page' });
    }
    checkTree(page, ctx);
  });
export type Page = z.infer<typeof pageSchema>;

/**
 * A SCADA document (an "app"): pages keyed by id, `pageOrder` for the tabs, the first page is home.
 * A single drawing is an app with one page; DESIGN 12's `{canvas, elements, order}` is a page.
 */
export const documentSchema = z
  .strictObject({
    schemaVersion: z.literal(SCADA_SCHEMA_VERSION),
    name: nameSchema.optional(),
    pages: z.record(idSchema, pageSchema),
    pageOrder: z.array(idSchema).min(1).max(LIMITS.maxPages),
  })
  .superRefine((doc, ctx) => {
    const ids = Object.keys(doc.pages);
    if (ids.length > LIMITS.maxPages)
      ctx.addIssue({ code: 'custom', path: ['pages'], message: 'Too many pages' });
    const listed = new Set<string>();
    doc.pageOrder.forEach((id, i) => {
      if (!Object.hasOwn(doc.pages, id) || listed.has(id)) {
        ctx.addIssue({ code: 'custom', path: ['pageOrder', i], message: `Unknown or repeated page "${id}"` });
      }
      listed.add(id);
    });
    for (const id of ids) {
      if (!listed.has(id))
        ctx.addIssue({ code: 'custom', path: ['pages', id], message: 'Page is not in pageOrder' });
    }
    // Navigation links must land on a page that exists.
    for (const [pageId, page] of Object.entries(doc.pages)) {
      for (const [id, el] of Object.entries(page.elements)) {
        if (el.kind === 'link' && el.to.kind === 'page' && !Object.hasOwn(doc.pages, el.to.page)) {
          ctx.addIssue({
            code: 'custom',
            path: ['pages', pageId, 'elements', id, 'to', 'page'],
            message: `Unknown page "${el.to.page}"`,
          });
        }
      }
    }
  });
export type ScadaDocument = z.infer<typeof documentSchema>;
