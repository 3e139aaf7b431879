import {
  type DataPointRow,
  POINT_DEFAULTS,
  type PointConfig,
  type PointCreateBody,
  type TranslateItem,
} from '@fleet/contracts';

/** One row of the translation editor: numbers as the InputNumber gives them (null when empty). */
export interface TranslationRow {
  lolmt: number | null;
  uplmt: number | null;
  text: string;
}

export function rowsFromTranslate(items: readonly TranslateItem[] | undefined): TranslationRow[] {
  return (items ?? []).map((i) => ({ lolmt: i.range.lolmt, uplmt: i.range.uplmt, text: i.text }));
}

/** Editor rows to `ds_config.translate`: blank rows (no text, no limits) dropped, text trimmed. */
export function translateFromRows(rows: readonly (Partial<TranslationRow> | undefined)[]): TranslateItem[] {
  const out: TranslateItem[] = [];
  for (const row of rows) {
    if (!row) continue;
    const text = (row.text ?? '').trim();
    const lolmt = row.lolmt ?? null;
    const uplmt = row.uplmt ?? null;
    if (!text && lolmt === null && uplmt === null) continue;
    out.push({ range: { lolmt, uplmt }, text });
  }
  return out;
}

const CONFIG_KEYS = ['name', ...Object.keys(POINT_DEFAULTS)] as (keyof PointConfig)[];

/** Only the configuration fields of a row (no id, device_id or other server fields: the PUT is strict). */
export function configOf(row: Partial<DataPointRow> | Partial<PointConfig>): Partial<PointConfig> {
  const out: Record<string, unknown> = {};
  for (const key of CONFIG_KEYS) if (key in row) out[key] = (row as Record<string, unknown>)[key];
  return out as Partial<PointConfig>;
}

/** What the point drawer's form holds. */
export type PointFormValues = Omit<PointConfig, 'ds_config'> & { translations: TranslationRow[] };

export function formValuesOf(
  point: (Pick<PointConfig, 'name'> & Partial<PointConfig>) | undefined,
  slaveId: number | null,
): PointFormValues {
  const base: PointConfig = point
    ? { ...POINT_DEFAULTS, ...configOf(point), name: point.name }
    : { ...POINT_DEFAULTS, name: '', slave_id: slaveId };
  const { ds_config, ...rest } = base;
  return { ...rest, translations: rowsFromTranslate(ds_config.translate) };
}

const nullable = (v: number | null | undefined) => (v === undefined ? null : v);

/** The form to a complete point (for `pointProblem`) and the body sent to the server. */
export function pointFromForm(values: Partial<PointFormValues>): PointConfig {
  const { translations, ...rest } = values;
  const merged = { ...POINT_DEFAULTS, ...configOf(rest) } as PointConfig;
  return {
    ...merged,
    name: (merged.name ?? '').trim(),
    title: (merged.title ?? '').trim(),
    unit: (merged.unit ?? '').trim(),
    area: merged.area ?? null,
    address: nullable(merged.address),
    db_number: merged.area === 'DB' ? nullable(merged.db_number) : null,
    register_count: nullable(merged.register_count),
    lolmt: nullable(merged.lolmt),
    uplmt: nullable(merged.uplmt),
    slave_id: nullable(merged.slave_id),
    ds_config: { translate: translateFromRows(translations ?? []) },
  };
}

export function bodyFromPoint(point: PointConfig): PointCreateBody {
  return { ...point };
}
