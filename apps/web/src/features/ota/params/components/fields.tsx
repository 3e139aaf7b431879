import type { GatewayParams } from '@fleet/contracts';
import { Form, Input, InputNumber, Select, Switch } from 'antd';
import { createContext, type ReactNode, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { getIn, type ParamPath, ruleText } from '../lib/params-state';

interface ParamsContext {
  value: GatewayParams;
  set: (path: ParamPath, next: unknown) => void;
  /** Replaces the whole document (a change of several fields at once). */
  replace: (next: GatewayParams) => void;
  problems: Map<ParamPath, string>;
  disabled: boolean;
}

export const ParamsCtx = createContext<ParamsContext | null>(null);

export function useParams(): ParamsContext {
  const ctx = useContext(ParamsCtx);
  if (!ctx) throw new Error('GatewayParamsForm fields outside the form');
  return ctx;
}

/** A stable id (and test id) for a path: 'mqtt.port' -> 'gp-mqtt-port'. */
export const idOf = (path: ParamPath) => `gp-${path.replaceAll('.', '-')}`;

interface ItemProps {
  path: ParamPath;
  label: ReactNode;
  /** The SPEC 5 rule that applies here (a gatewayParams.* key), shown under the field. */
  rule?: string;
  /** Any other help text (already translated). */
  help?: ReactNode;
  children: ReactNode;
}

/** Label, the rule that applies (or, when it fails, the failure in red) around one control. */
export function ParamItem({ path, label, rule, help, children }: ItemProps) {
  const { t, i18n } = useTranslation();
  const { problems } = useParams();
  const problem = problems.get(path);
  const ruleHint = rule ? ruleText(rule, i18n.language, '') : '';
  return (
    <Form.Item
      label={label}
      htmlFor={idOf(path)}
      validateStatus={problem ? 'error' : undefined}
      help={
        problem ? (
          <span data-testid={`${idOf(path)}-error`}>
            {ruleText(problem, i18n.language, t('gatewayParamsForm.invalid'))}
          </span>
        ) : undefined
      }
      extra={
        ruleHint || help ? (
          <span data-testid={`${idOf(path)}-rule`}>
            {[ruleHint, help].filter(Boolean).map((part, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: two fixed parts
              <span key={i}>
                {i > 0 ? ' · ' : ''}
                {part}
              </span>
            ))}
          </span>
        ) : undefined
      }
    >
      {children}
    </Form.Item>
  );
}

export function NumberField({
  path,
  min,
  max,
  addon,
  ...item
}: Omit<ItemProps, 'children'> & { min?: number; max?: number; addon?: string }) {
  const { value, set, disabled } = useParams();
  const current = getIn(value, path) as number;
  return (
    <ParamItem path={path} {...item}>
      <InputNumber
        id={idOf(path)}
        data-testid={idOf(path)}
        value={current}
        min={min}
        max={max}
        precision={Number.isInteger(current) ? 0 : undefined}
        suffix={addon}
        disabled={disabled}
        // An emptied box keeps the value (the schema needs a number); the user types a new one.
        onChange={(v) => v !== null && set(path, v)}
        style={{ width: '100%' }}
      />
    </ParamItem>
  );
}

export function TextField({
  path,
  maxLength,
  password,
  placeholder,
  ...item
}: Omit<ItemProps, 'children'> & { maxLength: number; password?: boolean; placeholder?: string }) {
  const { value, set, disabled } = useParams();
  const Control = password ? Input.Password : Input;
  return (
    <ParamItem path={path} {...item}>
      <Control
        id={idOf(path)}
        data-testid={idOf(path)}
        value={getIn(value, path) as string}
        maxLength={maxLength}
        placeholder={placeholder}
        disabled={disabled}
        autoComplete="off"
        onChange={(e) => set(path, e.target.value)}
      />
    </ParamItem>
  );
}

export function SwitchField({
  path,
  onToggle,
  lock,
  ...item
}: Omit<ItemProps, 'children'> & {
  /** Replaces the plain update (e.g. to ask first). */
  onToggle?: (next: boolean) => void;
  /** Disabled for a reason of its own (e.g. 4G routing without 4G). */
  lock?: boolean;
}) {
  const { value, set, disabled } = useParams();
  return (
    <ParamItem path={path} {...item}>
      <Switch
        id={idOf(path)}
        data-testid={idOf(path)}
        checked={getIn(value, path) as boolean}
        disabled={disabled || lock}
        onChange={(next) => (onToggle ? onToggle(next) : set(path, next))}
      />
    </ParamItem>
  );
}

export function SelectField<V extends string | number>({
  path,
  options,
  ...item
}: Omit<ItemProps, 'children'> & { options: { value: V; label: string }[] }) {
  const { value, set, disabled } = useParams();
  return (
    <ParamItem path={path} {...item}>
      <Select<V>
        id={idOf(path)}
        data-testid={idOf(path)}
        value={getIn(value, path) as V}
        options={options}
        disabled={disabled}
        onChange={(v) => set(path, v)}
      />
    </ParamItem>
  );
}
