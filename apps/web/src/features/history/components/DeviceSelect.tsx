import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../shared/hooks/use-list-params';
import { type DeviceOption, useDeviceOptions, usePickedDevice } from '../api/device-options';

const labelOf = (d: DeviceOption) => (d.title ? `${d.title} (${d.imei})` : d.imei);

/** A device picker searching GET /device by title or IMEI (debounced), showing the picked one first. */
export function DeviceSelect({
  value,
  onChange,
}: {
  value: number | null;
  onChange: (id: number | null) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim());
  const options = useDeviceOptions(search);
  const picked = usePickedDevice(value);
  const list = options.data ?? [];
  const all = picked.data && !list.some((d) => d.id === picked.data.id) ? [picked.data, ...list] : list;
  return (
    <Select
      allowClear
      showSearch={{ filterOption: false, onSearch: setText }}
      value={value ?? undefined}
      onChange={(v?: number) => onChange(v ?? null)}
      onOpenChange={(open) => {
        if (!open) setText('');
      }}
      placeholder={t('history.devicePlaceholder')}
      loading={options.isFetching}
      notFoundContent={options.isFetching ? null : undefined}
      options={all.map((d) => ({ value: d.id, label: labelOf(d) }))}
      style={{ width: 300 }}
      popupMatchSelectWidth={360}
      aria-label={t('history.device')}
      data-testid="history-device"
    />
  );
}
