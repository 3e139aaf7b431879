import type { OtaDeviceState, OtaPlanState } from '@fleet/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const PLAN_COLORS: Record<OtaPlanState, string> = {
  draft: 'default',
  running: 'processing',
  paused: 'warning',
  completed: 'success',
  aborted: 'error',
};
const DEVICE_COLORS: Record<OtaDeviceState, string> = {
  queued: 'default',
  notified: 'blue',
  downloading: 'processing',
  verified: 'cyan',
  applied: 'geekblue',
  reported: 'success',
  failed: 'error',
};

export function PlanStateTag({ state }: { state: OtaPlanState }) {
  const { t } = useTranslation();
  return (
    <Tag color={PLAN_COLORS[state]} data-testid="ota-plan-state">
      {t(`otaPlans.planState.${state}`)}
    </Tag>
  );
}

export function DeviceStateTag({ state }: { state: OtaDeviceState }) {
  const { t } = useTranslation();
  return (
    <Tag color={DEVICE_COLORS[state]} data-testid="ota-device-state">
      {t(`otaPlans.deviceState.${state}`)}
    </Tag>
  );
}
