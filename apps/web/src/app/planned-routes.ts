/**
 * SPEC 2.3 routes whose pages are not built on this platform yet. Opening one shows a page saying so
 * (with a way back) instead of silently landing on the dashboard; a path that SPEC does not name keeps
 * the SPEC 2.1 rule (redirect to the landing page). Remove a prefix here when its page is added to
 * routes.tsx.
 */
export const PLANNED_PREFIXES: readonly string[] = ['/wxaopen', '/device/ui'];

/** Is `pathname` one of the SPEC routes still to be built (the prefix itself or below it)? */
export function isPlannedPath(pathname: string): boolean {
  return PLANNED_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}
