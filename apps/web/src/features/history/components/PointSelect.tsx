import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { MAX_HISTORY_POINTS, type PointMeta, pointLabel } from '../lib/point-meta';

/** Up to 20 points of the device; points that are not stored say so (they have no history). */
export function PointSelect({
  metas,
  value,
  onChange,
  loading,
  disabled,
}: {
  metas: readonly PointMeta[];
  value: number[];
  onChange: (ids: number[]) => void;
  loading?: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Select<number[]>
      mode="multiple"
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      value={value}
      onChange={(ids) => onChange(ids.slice(0, MAX_HISTORY_POINTS))}
      maxCount={MAX_HISTORY_POINTS}
      maxTagCount="responsive"
      placeholder={t('history.pointsPlaceholder', { max: MAX_HISTORY_POINTS })}
      loading={loading}
      disabled={disabled}
      options={metas.map((m) => {
        const slave = m.slave_id !== null ? ` · ${t('history.slave', { id: m.slave_id })}` : '';
        const unit = m.unit ? ` (${m.unit})` : '';
        const stored = m.storage_mode === 0 ? ` ${t('history.noStored')}` : '';
        return {
          value: m.point_id,
          label: `${pointLabel(m)}${unit}${slave}${stored}`,
        };
      })}
      style={{ minWidth: 280, maxWidth: 520, flex: '1 1 280px' }}
      aria-label={t('history.points')}
      data-testid="history-points"
    />
  );
}
