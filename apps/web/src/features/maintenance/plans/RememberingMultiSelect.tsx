import { Select } from 'antd';
import { useState } from 'react';

/** What a form item hands a targets picker. */
export type TargetPickerProps = {
  id?: string;
  value?: number[];
  onChange?: (ids: number[]) => void;
  known: { id: number; title: string }[];
  testId?: string;
};

/**
 * A searched multi-select that keeps the labels of what was picked: a picked value the current search
 * does not list still shows its label (`known` labels the values of a saved plan).
 */
export function RememberingMultiSelect({
  id,
  value,
  onChange,
  known,
  testId,
  options,
  loading,
  onSearch,
}: TargetPickerProps & {
  options: { value: number; label: string }[];
  loading: boolean;
  onSearch: (text: string) => void;
}) {
  const [picked, setPicked] = useState(new Map(known.map((k) => [k.id, k.title])));
  const shown = [...options];
  for (const v of value ?? [])
    if (!shown.some((o) => o.value === v)) shown.unshift({ value: v, label: picked.get(v) ?? `#${v}` });
  return (
    <Select<number[]>
      id={id}
      mode="multiple"
      showSearch={{ filterOption: false, onSearch }}
      value={value ?? []}
      onChange={(ids, opts) => {
        const next = new Map(picked);
        for (const o of Array.isArray(opts) ? opts : [])
          if (o?.value) next.set(o.value as number, String(o.label));
        setPicked(next);
        onChange?.(ids);
      }}
      onOpenChange={(open) => {
        if (!open) onSearch('');
      }}
      loading={loading}
      options={shown}
      data-testid={testId}
    />
  );
}
