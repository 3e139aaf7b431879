import { Checkbox, ColorPicker, Form, Input, InputNumber, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A labelled row of the property panel. */
export function Row({
  label,
  children,
  testId,
}: {
  label: string;
  children: React.ReactNode;
  testId?: string;
}) {
  return (
    <Form.Item label={label} style={{ marginBottom: 6 }} data-testid={testId}>
      {children}
    </Form.Item>
  );
}

/** A number committed on blur or Enter (one undo step per edit, not per keystroke). */
export function NumberField({
  value,
  onChange,
  min,
  max,
  step,
  label,
  testId,
}: {
  value: number | undefined;
  onChange: (v: number | undefined) => void;
  min?: number;
  max?: number;
  step?: number;
  label: string;
  testId?: string;
}) {
  const [draft, setDraft] = useState<number | null>(value ?? null);
  useEffect(() => setDraft(value ?? null), [value]);
  const commit = () => {
    if ((draft ?? undefined) !== value) onChange(draft ?? undefined);
  };
  return (
    <InputNumber
      size="small"
      value={draft}
      min={min}
      max={max}
      step={step}
      onChange={(v) => setDraft(typeof v === 'number' ? v : null)}
      onBlur={commit}
      onPressEnter={commit}
      style={{ width: '100%' }}
      aria-label={label}
      data-testid={testId}
    />
  );
}

/** Text committed on blur or Enter. */
export function TextField({
  value,
  onChange,
  label,
  multiline,
  testId,
  max = 2000,
}: {
  value: string | undefined;
  onChange: (v: string) => void;
  label: string;
  multiline?: boolean;
  testId?: string;
  max?: number;
}) {
  const [draft, setDraft] = useState(value ?? '');
  useEffect(() => setDraft(value ?? ''), [value]);
  const commit = () => {
    if (draft !== (value ?? '')) onChange(draft);
  };
  const common = { value: draft, maxLength: max, onBlur: commit, 'aria-label': label, 'data-testid': testId };
  return multiline ? (
    <Input.TextArea
      size="small"
      autoSize={{ minRows: 1, maxRows: 4 }}
      {...common}
      onChange={(e) => setDraft(e.target.value)}
    />
  ) : (
    <Input size="small" {...common} onChange={(e) => setDraft(e.target.value)} onPressEnter={commit} />
  );
}

const hex = (c: { toHexString(): string; toHex(): string; a?: number }) => {
  const h = c.toHexString();
  return /^#[0-9a-f]{6}([0-9a-f]{2})?$/i.test(h) ? h.toLowerCase() : `#${c.toHex()}`;
};

/** A document colour (#rgb, #rrggbb, #rrggbbaa or `none` when `allowNone`). */
export function ColorField({
  value,
  onChange,
  label,
  allowNone,
  testId,
}: {
  value: string | undefined;
  onChange: (v: string | undefined) => void;
  label: string;
  allowNone?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const none = !value || value === 'none';
  return (
    <ColorPicker
      size="small"
      showText={() => (none ? t('scada.designer.props.none') : value)}
      value={none ? undefined : value}
      allowClear={allowNone}
      onClear={() => onChange(allowNone ? 'none' : undefined)}
      onChangeComplete={(c) => onChange(hex(c))}
      aria-label={label}
      data-testid={testId}
    />
  );
}

export function SelectField<T extends string>({
  value,
  options,
  onChange,
  label,
  testId,
}: {
  value: T | undefined;
  options: { value: T; label: string }[];
  onChange: (v: T) => void;
  label: string;
  testId?: string;
}) {
  return (
    <Select
      size="small"
      value={value}
      options={options}
      onChange={onChange}
      style={{ width: '100%' }}
      aria-label={label}
      data-testid={testId}
    />
  );
}

export function BoolField({
  value,
  onChange,
  label,
  testId,
}: {
  value: boolean | undefined;
  onChange: (v: boolean) => void;
  label: string;
  testId?: string;
}) {
  return (
    <Checkbox checked={!!value} onChange={(e) => onChange(e.target.checked)} data-testid={testId}>
      {label}
    </Checkbox>
  );
}
