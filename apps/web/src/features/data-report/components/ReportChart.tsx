import type { DataReportRow } from '@fleet/contracts';
import { Alert, Empty, Flex, Segmented, Select, Skeleton } from 'antd';
import { BarChart, LineChart } from 'echarts/charts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart, registerCharts } from '../../../shared/components/EChart';
import {
  CHART_STATS,
  type ChartKind,
  type ChartStat,
  MAX_CHART_SERIES,
  reportChartOption,
} from '../lib/chart-option';

registerCharts([BarChart, LineChart]);

/** The report as a chart: one statistic per period, one series per (device, point). */
export function ReportChart({
  rows,
  total,
  loading,
  initialStat,
}: {
  rows: DataReportRow[] | undefined;
  total: number;
  loading: boolean;
  initialStat: ChartStat;
}) {
  const { t } = useTranslation();
  const [stat, setStat] = useState<ChartStat>(initialStat);
  const [kind, setKind] = useState<ChartKind>('bar');
  const built = useMemo(() => (rows ? reportChartOption(rows, stat, kind) : null), [rows, stat, kind]);
  const hasData = rows?.some((r) => r.count > 0);
  return (
    <Flex vertical gap={12} data-testid="report-chart-panel">
      <Flex gap={8} wrap align="center">
        <Select<ChartStat>
          value={stat}
          onChange={setStat}
          style={{ width: 160 }}
          prefix={`${t('dataReport.chart.stat')}:`}
          aria-label={t('dataReport.chart.stat')}
          options={CHART_STATS.map((s) => ({ value: s, label: t(`dataReport.col.${s}`) }))}
          data-testid="report-chart-stat"
        />
        <Segmented<ChartKind>
          value={kind}
          onChange={setKind}
          options={[
            { value: 'bar', label: t('dataReport.chart.bar') },
            { value: 'line', label: t('dataReport.chart.line') },
          ]}
          data-testid="report-chart-kind"
        />
      </Flex>
      {built?.truncated ? (
        <Alert
          type="info"
          showIcon
          title={t('dataReport.chart.truncatedSeries', { max: MAX_CHART_SERIES })}
        />
      ) : null}
      {rows && total > rows.length ? (
        <Alert
          type="warning"
          showIcon
          title={t('dataReport.chart.truncatedRows', { rows: rows.length, total })}
        />
      ) : null}
      {!built || (loading && !rows) ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : hasData ? (
        <EChart
          option={built.option}
          height={360}
          testId="report-chart"
          ariaLabel={t('dataReport.view.chart')}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dataReport.chart.empty')} />
      )}
    </Flex>
  );
}
