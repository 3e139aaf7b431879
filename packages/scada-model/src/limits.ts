/**
 * Hard limits on a document. They exist so a hostile or broken upload cannot make the server (which
 * validates every save) or a viewer's browser spend unbounded memory or time. They are generous for
 * real drawings: the largest plant overviews we know of have about 1,500 elements on a page.
 */
export const LIMITS = {
  /** Serialised JSON size of a whole document, in UTF-16 code units (≈ bytes for ASCII). */
  maxDocumentChars: 4 * 1024 * 1024,
  maxPages: 50,
  maxElementsPerPage: 5000,
  /** Nesting of groups inside groups; renderers recurse on it. */
  maxGroupDepth: 16,
  maxBindingsPerElement: 8,
  /** Stops of a threshold map, cases of a discrete map, translation rows. */
  maxMapEntries: 64,
  maxPolylinePoints: 1000,
  maxTrendSeries: 8,
  maxIdLength: 64,
  maxNameLength: 200,
  maxTextLength: 2000,
  maxUrlLength: 2048,
  maxCanvasSize: 16384,
  /** Expressions: characters and parse depth (a deep `((((…` would otherwise exhaust the stack). */
  maxExpressionLength: 500,
  maxExpressionDepth: 32,
} as const;
