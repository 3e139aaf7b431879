import type { OtaStateCounts } from '@fleet/contracts';
import { Progress, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/** Reported (green) and failed (red) shares of `devices`, with every state's count in the tooltip. */
export function ProgressBar({ devices, counts }: { devices: number; counts: OtaStateCounts }) {
  const { t } = useTranslation();
  const done = counts.reported + counts.failed;
  const percent = devices === 0 ? 0 : Math.round((done * 100) / devices);
  const success = devices === 0 ? 0 : Math.round((counts.reported * 100) / devices);
  const detail = (Object.keys(counts) as (keyof OtaStateCounts)[])
    .filter((s) => counts[s] > 0)
    .map((s) => `${t(`otaPlans.deviceState.${s}`)} ${counts[s]}`)
    .join(' · ');
  return (
    <Tooltip title={detail || undefined}>
      <Progress
        percent={percent}
        success={{ percent: success }}
        strokeColor={counts.failed > 0 ? '#ff4d4f' : undefined}
        size="small"
        format={() => `${done}/${devices}`}
        data-testid="ota-plan-progress"
      />
    </Tooltip>
  );
}
