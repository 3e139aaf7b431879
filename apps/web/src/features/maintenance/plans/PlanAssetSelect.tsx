import { Select } from 'antd';
import { useState } from 'react';
import { useDebouncedValue } from '../../../shared/hooks/use-list-params';
import { useAssets } from '../../assets/api/assets';

/**
 * Several device ledger assets by code, name or model (a plan's targets of type 1); `known` labels the
 * ones already picked, which the search may not list.
 */
export function PlanAssetSelect({
  id,
  value,
  onChange,
  known,
  testId,
}: {
  id?: string;
  value?: number[];
  onChange?: (ids: number[]) => void;
  known: { id: number; title: string }[];
  testId?: string;
}) {
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim());
  const found = useAssets({ page: 1, limit: 50, search: search || undefined });
  const [picked, setPicked] = useState(new Map(known.map((k) => [k.id, k.title])));
  const options = (found.data?.rows ?? []).map((a) => ({ value: a.id, label: `${a.code} ${a.name}` }));
  for (const v of value ?? [])
    if (!options.some((o) => o.value === v)) options.unshift({ value: v, label: picked.get(v) ?? `#${v}` });
  return (
    <Select<number[]>
      id={id}
      mode="multiple"
      showSearch={{ filterOption: false, onSearch: setText }}
      value={value ?? []}
      onChange={(ids, opts) => {
        const next = new Map(picked);
        for (const o of Array.isArray(opts) ? opts : [])
          if (o?.value) next.set(o.value as number, String(o.label));
        setPicked(next);
        onChange?.(ids);
      }}
      onOpenChange={(open) => {
        if (!open) setText('');
      }}
      loading={found.isFetching}
      options={options}
      data-testid={testId}
    />
  );
}
