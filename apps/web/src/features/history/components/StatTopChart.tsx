import type { EventStatRow } from '@fleet/contracts';
import { Card, Empty, Skeleton } from 'antd';
import { BarChart } from 'echarts/charts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart, registerCharts } from '../../../shared/components/EChart';
import { topDevicesOption } from '../lib/stat-report';

registerCharts([BarChart]);

export const TOP_DEVICES = 10;

/** Horizontal bars of the devices with the most alarms in the filter. */
export function StatTopChart({ rows, loading }: { rows: EventStatRow[] | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const name = t('statReport.alarmsSeries');
  const option = useMemo(() => topDevicesOption(rows ?? [], name, TOP_DEVICES), [rows, name]);
  const shown = (rows ?? []).filter((r) => r.alarms > 0).slice(0, TOP_DEVICES).length;
  return (
    <Card size="small" title={t('statReport.topTitle', { count: TOP_DEVICES })} style={{ marginBottom: 12 }}>
      {loading && !rows ? (
        <Skeleton active paragraph={{ rows: 5 }} />
      ) : shown === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('statReport.topEmpty')}
          data-testid="stat-top-empty"
        />
      ) : (
        <EChart
          option={option}
          height={Math.max(160, shown * 28 + 24)}
          testId="stat-top-chart"
          ariaLabel={t('statReport.topTitle', { count: TOP_DEVICES })}
        />
      )}
    </Card>
  );
}
