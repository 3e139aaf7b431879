import { Select } from 'antd';
import { useState } from 'react';
import { useDebouncedValue } from '../../../shared/hooks/use-list-params';
import { useAsset } from '../api/asset';
import { useAssets } from '../api/assets';

/**
 * An asset picker searching GET /maintenance/asset by code, name, model... (debounced, 50 at a time);
 * the picked asset is read on its own so it shows even when the search does not list it.
 */
export function AssetSearchSelect({
  id,
  value,
  onChange,
  testId,
  ariaLabel,
  placeholder,
}: {
  id?: string;
  value?: number | null;
  onChange?: (id: number | undefined) => void;
  testId?: string;
  ariaLabel?: string;
  placeholder?: string;
}) {
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim());
  const found = useAssets({ page: 1, limit: 50, search: search || undefined });
  const picked = useAsset(value ?? null);
  const rows = found.data?.rows ?? [];
  const all = picked.data && !rows.some((r) => r.id === picked.data.id) ? [picked.data, ...rows] : rows;
  return (
    <Select
      id={id}
      allowClear
      showSearch={{ filterOption: false, onSearch: setText }}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? undefined)}
      loading={found.isFetching}
      placeholder={placeholder}
      aria-label={ariaLabel}
      options={all.map((a) => ({ value: a.id, label: `${a.code} ${a.name}` }))}
      data-testid={testId}
    />
  );
}
