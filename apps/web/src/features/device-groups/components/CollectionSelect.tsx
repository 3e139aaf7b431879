import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../shared/permission/permission';
import { useCollectionOptions } from '../api/list-collection-options';
import { COLLECTION_PERMISSION, type CollectionKind } from '../lib/kinds';

/** A group / project / company select (first 100 by name); empty and disabled without the permission. */
export function CollectionSelect({
  kind,
  value,
  onChange,
  placeholder,
  style,
  testId,
  id,
  ariaLabel,
}: {
  kind: CollectionKind;
  value?: number | null;
  onChange?: (value: number | null) => void;
  placeholder?: string;
  style?: React.CSSProperties;
  testId?: string;
  /** Set by a surrounding Form.Item so that its label names the select. */
  id?: string;
  /** Names the select when its Form.Item has no label of its own (a nested item). */
  ariaLabel?: string;
}) {
  const { t } = useTranslation();
  const allowed = usePermission(COLLECTION_PERMISSION[kind]);
  const rows = useCollectionOptions(kind, allowed);
  const hint = placeholder ?? t(`deviceGroups.${kind}.select`);
  return (
    <Select
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      // undefined keeps a surrounding ConfigProvider's componentDisabled in force.
      disabled={allowed ? undefined : true}
      value={value ?? undefined}
      onChange={(v?: number) => onChange?.(v ?? null)}
      placeholder={hint}
      id={id}
      // Without a form label (filter bars) the placeholder names the select for screen readers.
      aria-label={ariaLabel ?? (id ? undefined : hint)}
      loading={rows.isFetching}
      options={(rows.data?.rows ?? []).map((r) => ({ value: r.id, label: r.name }))}
      style={style}
      data-testid={testId}
    />
  );
}
