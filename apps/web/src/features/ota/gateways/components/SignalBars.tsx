import { csqLevel } from '@fleet/contracts';
import { Flex, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Bars } from '../../../devices/components/SignalInfo';
import { SIGNAL_BARS, SIGNAL_COLOUR } from '../../../devices/lib/live-format';
import { formatTime } from '../lib/labels';

/** The gateway's latest csq answer as bars (rssi, ber and time on hover). */
export function SignalBars({
  rssi,
  ber,
  at,
}: {
  rssi: number | null;
  ber: number | null;
  at: string | null;
}) {
  const { t } = useTranslation();
  if (rssi === null)
    return <Typography.Text type="secondary">{t('otaGateways.signal.none')}</Typography.Text>;
  const level = csqLevel(rssi);
  return (
    <Tooltip title={t('otaGateways.signal.tip', { rssi, ber, at: formatTime(at, t('common.na')) })}>
      <Flex gap={6} align="center" data-testid="ota-gateway-signal" data-rssi={rssi} data-level={level}>
        <Bars filled={SIGNAL_BARS[level]} colour={SIGNAL_COLOUR[level]} />
        <span>{t(`otaGateways.signal.level.${level}`)}</span>
      </Flex>
    </Tooltip>
  );
}
