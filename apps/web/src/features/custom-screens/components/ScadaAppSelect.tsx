import { Select, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../shared/permission/permission';
import { useScadaApps } from '../api/scada-apps';

/** One of the user's SCADA apps (searchable); without the SCADA permission it says so instead. */
export function ScadaAppSelect({
  value,
  onPick,
  testId,
}: {
  value: number | null;
  onPick: (scadaId: number) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const canList = usePermission('IndScada');
  const [search, setSearch] = useState('');
  const apps = useScadaApps(search, canList);
  const options = useMemo(() => {
    const rows = (apps.data?.rows ?? []).map((r) => ({ value: r.id, label: r.name }));
    return value !== null && !rows.some((r) => r.value === value)
      ? [{ value, label: `#${value}` }, ...rows]
      : rows;
  }, [apps.data, value]);
  if (!canList)
    return <Typography.Text type="secondary">{t('customScreens.scada.noPermission')}</Typography.Text>;
  return (
    <Select
      showSearch
      filterOption={false}
      onSearch={setSearch}
      value={value ?? undefined}
      placeholder={t('customScreens.scada.choose')}
      loading={apps.isFetching}
      notFoundContent={apps.error ? t('customScreens.scada.loadError') : t('customScreens.scada.empty')}
      options={options}
      onChange={(id: number) => onPick(id)}
      style={{ width: '100%' }}
      data-testid={testId}
    />
  );
}
