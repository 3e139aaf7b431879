import type { ExportCreateBody, ExportKind, Language } from '@fleet/contracts';

/** The browser's IANA time zone (UTC when the browser does not say). */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/**
 * A list call's query as the export's `params`: every value as a string, empty values (undefined, null,
 * '') dropped like the api client drops them from a query string, and paging left out (the export holds
 * every row of the filter).
 */
export function toExportParams(query: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (key === 'page' || key === 'limit') continue;
    if (value === undefined || value === null || value === '') continue;
    out[key] = Array.isArray(value) ? value.map(String).join(',') : String(value);
  }
  return out;
}

/** The POST /dataCenter/export body of a screen: format auto, the screen's language, the browser's zone. */
export function exportBody(
  kind: ExportKind,
  params: Record<string, string>,
  lang: Language,
  tz: string = browserTimeZone(),
): ExportCreateBody {
  return { kind, params: toExportParams(params), format: 'auto', lang, tz };
}
