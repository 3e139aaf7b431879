import { CUSTOM_SCREEN_LIMITS, type ScreenWidget } from '@fleet/contracts';
import { Form, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePoints } from '../../devices/api/points';
import { DeviceListField } from './DeviceListField';

/**
 * A status table's devices and its up to 3 value columns. A column is a point name (the same name on
 * every device of a fleet); the first device's points are offered, any name may be typed.
 */
export function StatusProperties({
  widget,
  onChange,
}: {
  widget: Extract<ScreenWidget, { kind: 'status' }>;
  onChange: (w: ScreenWidget) => void;
}) {
  const { t } = useTranslation();
  const points = usePoints(widget.devices[0]!);
  const options = useMemo(
    () =>
      [...new Set((points.data?.rows ?? []).map((p) => p.name))].map((name) => ({
        value: name,
        label: name,
      })),
    [points.data],
  );
  return (
    <>
      <Form.Item label={t('customScreens.designer.devices')}>
        <DeviceListField devices={widget.devices} onChange={(devices) => onChange({ ...widget, devices })} />
      </Form.Item>
      <Form.Item label={t('customScreens.status.columns')} extra={t('customScreens.status.columnsHint')}>
        <Select
          mode="tags"
          maxCount={CUSTOM_SCREEN_LIMITS.statusColumns}
          value={widget.columns}
          options={options}
          loading={points.isPending}
          onChange={(columns: string[]) =>
            onChange({
              ...widget,
              columns: [...new Set(columns.map((c) => c.trim()).filter((c) => c && c.length <= 64))].slice(
                0,
                CUSTOM_SCREEN_LIMITS.statusColumns,
              ),
            })
          }
          data-testid="cs-prop-columns"
        />
      </Form.Item>
    </>
  );
}
