import type { PlanRow } from '@fleet/contracts';
import type { TFunction } from 'i18next';

/** The plan's rule in words: every N units, every N running hours, or the threshold. */
export function planRule(
  t: TFunction,
  p: Pick<PlanRow, 'trigger' | 'period' | 'time_unit' | 'meter_hours' | 'threshold_op' | 'threshold_value'>,
): string {
  if (p.trigger === 'runtime') return t('maintenancePlan.runtimeEvery', { n: p.meter_hours ?? 0 });
  if (p.trigger === 'threshold')
    return t('maintenancePlan.thresholdRule', {
      op: t(`maintenancePlan.op.${p.threshold_op}`),
      value: p.threshold_value ?? '',
    });
  return t('maintenancePlan.every', { n: p.period, unit: t(`maintenancePlan.timeUnit.${p.time_unit}`) });
}

const STATUS_COLORS = [
  'default',
  'cyan',
  'processing',
  'warning',
  'blue',
  'geekblue',
  'success',
  'default',
] as const;
export const planStatusColor = (status: number) => STATUS_COLORS[status] ?? 'default';

/** The browser's IANA zone (the owner's, when the owner edits), UTC when unknown. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

export function timeZones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  const zones = intl.supportedValuesOf?.('timeZone') ?? [];
  return zones.includes('UTC') ? zones : ['UTC', ...zones];
}
