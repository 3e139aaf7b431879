import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../shared/hooks/use-list-params';
import { useDeviceOptions } from '../api/subject-options';

/** A device picker searching GET /device on the server (name or IMEI), 50 matches at a time. */
export function DeviceSelect({
  value,
  onChange,
  selectedLabel,
  style,
  testId,
}: {
  value?: number;
  onChange?: (value: number | undefined) => void;
  /** The label of `value` when it may not be among the matches (an edited schedule's device). */
  selectedLabel?: string;
  style?: React.CSSProperties;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim());
  const devices = useDeviceOptions(search);
  const options = (devices.data?.rows ?? []).map((d) => ({
    value: d.id,
    label: d.device_title || d.device_imei,
  }));
  if (value !== undefined && !options.some((o) => o.value === value)) {
    options.unshift({ value, label: selectedLabel ?? `#${value}` });
  }
  return (
    <Select<number>
      allowClear
      showSearch={{ filterOption: false, onSearch: setText }}
      value={value}
      onChange={(v) => onChange?.(v ?? undefined)}
      onClear={() => setText('')}
      placeholder={t('dataReport.subject.devicePlaceholder')}
      loading={devices.isFetching}
      options={options}
      style={style}
      data-testid={testId}
    />
  );
}
