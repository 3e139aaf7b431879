import type { OtaSignalReport } from '@fleet/contracts';
import { Card, Empty, Skeleton } from 'antd';
import { LineChart } from 'echarts/charts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart, registerCharts } from '../../../../shared/components/EChart';
import { useGatewaySignal } from '../api/get-signal';
import { SignalBars } from './SignalBars';

registerCharts([LineChart]);

/** rssi over time (0-31; 99 "unknown" left out), one point per csq answer. */
export function signalOption(history: OtaSignalReport['history']) {
  return {
    grid: { left: 32, right: 12, top: 12, bottom: 24 },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'time' },
    yAxis: { type: 'value', min: 0, max: 31, interval: 10 },
    series: [
      {
        name: 'rssi',
        type: 'line',
        step: 'end',
        symbolSize: 5,
        data: history.filter((h) => h.rssi !== 99).map((h) => [h.at, h.rssi]),
      },
    ],
  };
}

/** The drawer's signal section: the latest answer as bars and the history chart. */
export function SignalHistory({ gatewayId }: { gatewayId: number }) {
  const { t } = useTranslation();
  const signal = useGatewaySignal(gatewayId);
  const history = signal.data?.history;
  const option = useMemo(() => signalOption(history ?? []), [history]);
  return (
    <Card
      size="small"
      title={t('otaGateways.signal.history')}
      extra={signal.data && <SignalBars rssi={signal.data.rssi} ber={signal.data.ber} at={signal.data.at} />}
      style={{ marginBottom: 16 }}
      data-testid="ota-signal-history"
    >
      {signal.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : !history?.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('otaGateways.signal.empty')} />
      ) : (
        <EChart
          option={option}
          height={160}
          testId="ota-signal-chart"
          ariaLabel={t('otaGateways.signal.history')}
        />
      )}
    </Card>
  );
}
