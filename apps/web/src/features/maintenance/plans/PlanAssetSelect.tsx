import { useState } from 'react';
import { useDebouncedValue } from '../../../shared/hooks/use-list-params';
import { useAssets } from '../../assets/api/assets';
import { RememberingMultiSelect, type TargetPickerProps } from './RememberingMultiSelect';

/** Several device ledger assets by code, name or model (a plan's targets of type 1). */
export function PlanAssetSelect(props: TargetPickerProps) {
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim());
  const found = useAssets({ page: 1, limit: 50, search: search || undefined });
  const options = (found.data?.rows ?? []).map((a) => ({ value: a.id, label: `${a.code} ${a.name}` }));
  return (
    <RememberingMultiSelect {...props} options={options} loading={found.isFetching} onSearch={setText} />
  );
}
