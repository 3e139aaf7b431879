/** The two rollup levels (docs/api-datacenter.md "Rollups"): table and bucket width. */
export const ROLLUP_LEVELS = {
  '1m': { table: 'point_rollup_1m', ms: 60_000 },
  '15m': { table: 'point_rollup_15m', ms: 900_000 },
} as const;
export type RollupLevel = keyof typeof ROLLUP_LEVELS;
