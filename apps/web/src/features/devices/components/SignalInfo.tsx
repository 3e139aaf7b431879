import { Flex, Skeleton, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSignal } from '../api/get-signal';
import { formatTime } from '../lib/labels';
import { SIGNAL_BARS, SIGNAL_COLOUR } from '../lib/live-format';

/** Four bars like a phone's, filled up to the level. */
export function Bars({ filled, colour }: { filled: number; colour: string }) {
  return (
    <svg width={22} height={16} viewBox="0 0 22 16" aria-hidden="true">
      {[0, 1, 2, 3].map((i) => (
        <rect
          key={i}
          x={i * 6}
          y={12 - i * 4}
          width={4}
          height={4 + i * 4}
          rx={1}
          fill={i < filled ? colour : '#e5e5e5'}
        />
      ))}
    </svg>
  );
}

/** Signal quality of the device (GET /device/csq/:id): bars and level, the CSQ and its time on hover. */
export function SignalInfo({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const signal = useSignal(deviceId);
  if (signal.isPending) return <Skeleton.Input active size="small" />;
  if (signal.error || !signal.data)
    return <Typography.Text type="secondary">{t('errors.loadFailed')}</Typography.Text>;
  const { csq, level, at } = signal.data;
  if (csq === null) return <Typography.Text type="secondary">{t('devices.signal.unknown')}</Typography.Text>;
  return (
    <Tooltip title={`CSQ ${csq} · ${formatTime(at, t('common.na'))}`}>
      <Flex gap={6} align="center" data-testid="device-signal" data-level={level}>
        <Bars filled={SIGNAL_BARS[level]} colour={SIGNAL_COLOUR[level]} />
        <span>{t(`devices.signal.level.${level}`)}</span>
        <Typography.Text type="secondary">({csq})</Typography.Text>
      </Flex>
    </Tooltip>
  );
}
