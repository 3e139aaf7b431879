import { checkExpression, type WriteBack } from '@fleet/scada-model';
import { Alert, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { BoolField, NumberField, Row, SelectField, TextField } from './fields';
import { PointPicker } from './PointPicker';

/** The write-back of a button, switch or numeric input: the point, the value or expression, and the confirmation. */
export function WriteEditor({ write, onChange }: { write: WriteBack; onChange: (w: WriteBack) => void }) {
  const { t } = useTranslation();
  const W = (k: string) => t(`scada.designer.write.${k}`);
  const byExpression = write.expression !== undefined;
  const problem = byExpression ? checkExpression(write.expression ?? '') : null;
  const set = (patch: Partial<WriteBack>) => {
    const next = { ...write, ...patch } as Record<string, unknown>;
    for (const k of Object.keys(next)) if (next[k] === undefined) delete next[k];
    onChange(next as WriteBack);
  };
  return (
    <div data-testid="sd-write">
      <Row label={W('point')}>
        <PointPicker value={write.point} onChange={(point) => set({ point })} />
      </Row>
      <Radio.Group
        size="small"
        value={byExpression ? 'expression' : 'value'}
        onChange={(e) =>
          set(
            e.target.value === 'expression'
              ? { value: undefined, expression: 'value' }
              : { expression: undefined, value: 1 },
          )
        }
        options={[
          { value: 'value', label: W('fixedValue') },
          { value: 'expression', label: W('expression') },
        ]}
        style={{ marginBottom: 6 }}
      />
      {byExpression ? (
        <Row label={W('expression')}>
          <TextField
            value={write.expression}
            label={W('expression')}
            max={500}
            onChange={(expression) => set({ expression })}
            testId="sd-write-expression"
          />
          {problem ? <Alert type="error" showIcon title={problem} style={{ marginTop: 4 }} /> : null}
        </Row>
      ) : (
        <Row label={W('value')}>
          <NumberField
            value={typeof write.value === 'number' ? write.value : undefined}
            label={W('value')}
            onChange={(value) => set({ value: value ?? 0 })}
            testId="sd-write-value"
          />
        </Row>
      )}
      <BoolField
        value={write.confirm}
        label={W('confirm')}
        onChange={(confirm) => set({ confirm })}
        testId="sd-write-confirm"
      />
      {write.confirm ? (
        <Row label={W('confirmText')}>
          <TextField
            value={write.confirmText}
            label={W('confirmText')}
            onChange={(confirmText) => set({ confirmText: confirmText || undefined })}
            testId="sd-write-confirm-text"
          />
        </Row>
      ) : null}
      <Row label={W('permission')}>
        <SelectField
          value={write.permission ?? 'auto'}
          label={W('permission')}
          options={[
            { value: 'auto', label: W('permissionAuto') },
            { value: 'control', label: W('permissionControl') },
            { value: 'parameter', label: W('permissionParameter') },
          ]}
          onChange={(v) => set({ permission: v === 'auto' ? undefined : v })}
        />
      </Row>
    </div>
  );
}
