import type { ReportPoint } from '@fleet/contracts';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';

/** The point names of a report (empty: every stored numeric point). */
export function PointNamesSelect({
  points,
  loading,
  value,
  onChange,
  disabled,
  style,
  testId,
}: {
  points: readonly ReportPoint[];
  loading?: boolean;
  value?: string[];
  onChange?: (value: string[]) => void;
  disabled?: boolean;
  style?: React.CSSProperties;
  testId?: string;
}) {
  const { t } = useTranslation();
  const options = points.map((p) => ({
    value: p.name,
    label: `${p.title || p.name}${p.unit ? ` (${p.unit})` : ''}`,
    title: t('dataReport.points.devices', { count: p.devices }),
  }));
  // Names of a saved schedule that the subject no longer has still show.
  for (const name of value ?? []) {
    if (!options.some((o) => o.value === name)) options.push({ value: name, label: name, title: name });
  }
  return (
    <Select<string[]>
      mode="multiple"
      allowClear
      maxTagCount="responsive"
      showSearch={{ optionFilterProp: 'label' }}
      value={value ?? []}
      onChange={(v) => onChange?.(v)}
      placeholder={t('dataReport.points.all')}
      aria-label={t('dataReport.points.all')}
      loading={loading}
      disabled={disabled}
      options={options}
      style={style}
      data-testid={testId}
    />
  );
}
