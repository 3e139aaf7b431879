import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { RANGE_PRESETS } from '../time/time-range';

/** A date-time range with the SPEC 5 presets (computed when picked, so "past hour" means now). */
export function TimeRangeFilter({
  value,
  onChange,
  testId,
}: {
  value: [Dayjs, Dayjs] | null;
  onChange: (range: [Dayjs, Dayjs] | null) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <DatePicker.RangePicker
      showTime
      allowClear
      value={value}
      onChange={(v) => onChange(v?.[0] && v[1] ? [v[0], v[1]] : null)}
      presets={RANGE_PRESETS.map((p) => ({
        label: t(`timeRange.${p.key}`),
        value: () => p.range(dayjs()),
      }))}
      data-testid={testId}
    />
  );
}
