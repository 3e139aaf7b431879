import { Select } from 'antd';
import { useState } from 'react';
import { useDebouncedValue } from '../../../shared/hooks/use-list-params';
import { useSearchDevices } from '../../devices/api/search-devices';

/** Several devices by title or IMEI (the plan's targets); `known` labels the ones already picked. */
export function PlanDeviceSelect({
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
  const found = useSearchDevices(search);
  const [picked, setPicked] = useState(new Map(known.map((k) => [k.id, k.title])));
  const options = (found.data ?? []).map((d) => ({
    value: d.id,
    label: d.title ? `${d.title} (${d.imei})` : d.imei,
  }));
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
