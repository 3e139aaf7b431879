import { Flex, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePoints } from '../../devices/api/points';
import { DeviceSearchSelect } from '../../devices/components/DeviceSearchSelect';

/** A device, then one of its points; `onPick` gets the point id (the device id with `deviceOnly`). */
export function PointSelect({
  onPick,
  testId = 'cs-point',
  deviceOnly = false,
}: {
  onPick: (id: number) => void;
  testId?: string;
  deviceOnly?: boolean;
}) {
  const { t } = useTranslation();
  const [deviceId, setDeviceId] = useState<number>();
  return (
    <Flex vertical gap={6}>
      <DeviceSearchSelect
        value={deviceId ?? null}
        onChange={(id) => (deviceOnly && id ? onPick(id) : setDeviceId(id))}
        testId={`${testId}-device`}
        ariaLabel={t('customScreens.designer.device')}
        placeholder={t('customScreens.designer.device')}
        style={{ width: '100%' }}
      />
      {deviceId ? <DevicePoints key={deviceId} deviceId={deviceId} onPick={onPick} testId={testId} /> : null}
    </Flex>
  );
}

function DevicePoints({
  deviceId,
  onPick,
  testId,
}: {
  deviceId: number;
  onPick: (pointId: number) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const points = usePoints(deviceId);
  return (
    <Select
      showSearch
      optionFilterProp="label"
      loading={points.isPending}
      placeholder={t('customScreens.designer.point')}
      value={null}
      onChange={(id: number) => onPick(id)}
      options={(points.data?.rows ?? []).map((p) => ({
        value: p.id,
        label: `${p.name}${p.unit ? ` (${p.unit})` : ''}`,
      }))}
      aria-label={t('customScreens.designer.point')}
      data-testid={`${testId}-point`}
    />
  );
}
