import { Select } from 'antd';
import type { CSSProperties } from 'react';
import { useState } from 'react';
import { useDebouncedValue } from '../../../shared/hooks/use-list-params';
import { useDevice } from '../api/get-device';
import { type DeviceOption, deviceOptionOf, useSearchDevices } from '../api/search-devices';

const labelOf = (d: DeviceOption) => (d.title ? `${d.title} (${d.imei})` : d.imei);

/**
 * A device picker searching GET /device by title or IMEI (debounced, 50 matches at a time). The picked
 * device is read on its own (GET /device/{id}) so it shows first even when the search does not list it.
 * Controlled by `value` / `onChange`, so it also works inside an antd Form.Item.
 */
export function DeviceSearchSelect({
  id,
  value,
  onChange,
  placeholder,
  style,
  testId,
  ariaLabel,
}: {
  /** Set by an antd Form.Item (its label's target). */
  id?: string;
  value?: number | null;
  onChange?: (id: number | undefined) => void;
  placeholder?: string;
  style?: CSSProperties;
  testId?: string;
  ariaLabel?: string;
}) {
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim());
  const found = useSearchDevices(search);
  const picked = useDevice(value ?? 0);
  const list = found.data ?? [];
  const all =
    picked.data && value && picked.data.id === value && !list.some((d) => d.id === value)
      ? [deviceOptionOf(picked.data), ...list]
      : list;
  const options = all.map((d) => ({ value: d.id, label: labelOf(d) }));
  // Until the picked device is read, keep its value selectable rather than showing a bare number.
  if (value && !options.some((o) => o.value === value)) options.unshift({ value, label: `#${value}` });
  return (
    <Select<number>
      id={id}
      allowClear
      showSearch={{ filterOption: false, onSearch: setText }}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? undefined)}
      onClear={() => setText('')}
      onOpenChange={(open) => {
        if (!open) setText('');
      }}
      placeholder={placeholder}
      loading={found.isFetching}
      notFoundContent={found.isFetching ? null : undefined}
      options={options}
      style={style}
      popupMatchSelectWidth={360}
      // Without a form label (filter bars) the placeholder names the select for screen readers.
      aria-label={ariaLabel ?? (id ? undefined : placeholder)}
      data-testid={testId}
    />
  );
}
