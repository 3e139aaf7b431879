import { useState } from 'react';
import { useDebouncedValue } from '../../../shared/hooks/use-list-params';
import { useSearchDevices } from '../../devices/api/search-devices';
import { RememberingMultiSelect, type TargetPickerProps } from './RememberingMultiSelect';

/** Several devices by title or IMEI (the plan's targets); `known` labels the ones already picked. */
export function PlanDeviceSelect(props: TargetPickerProps) {
  const [text, setText] = useState('');
  const found = useSearchDevices(useDebouncedValue(text.trim()));
  const options = (found.data ?? []).map((d) => ({
    value: d.id,
    label: d.title ? `${d.title} (${d.imei})` : d.imei,
  }));
  return (
    <RememberingMultiSelect {...props} options={options} loading={found.isFetching} onSearch={setText} />
  );
}
