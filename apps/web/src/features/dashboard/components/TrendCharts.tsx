import type { OverviewReport } from '@fleet/contracts';
import { Card, Empty, Skeleton, Space, Statistic, Typography } from 'antd';
import { BarChart, LineChart } from 'echarts/charts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart, registerCharts } from '../../../shared/components/EChart';
import { alarmTrendOption, readingsTrendOption } from '../lib/overview-view';

registerCharts([BarChart, LineChart]);

const CHART_HEIGHT = 260;

/** Alarms and recoveries per day of the user's calendar, over 14 days. */
export function AlarmTrendCard({ trend }: { trend: OverviewReport['alarm_trend'] | undefined }) {
  const { t, i18n } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: series names follow the language
  const option = useMemo(
    () =>
      trend &&
      alarmTrendOption(trend, {
        alarms: t('dashboard.alarmTrend.alarms'),
        recovered: t('dashboard.alarmTrend.recovered'),
      }),
    [trend, t, i18n.language],
  );
  return (
    <Card size="small" title={t('dashboard.alarmTrend.title')} className="dashboard-panel">
      {option ? (
        <EChart
          option={option}
          height={CHART_HEIGHT}
          testId="dashboard-alarm-trend"
          ariaLabel={t('dashboard.alarmTrend.title')}
        />
      ) : (
        <Skeleton active paragraph={{ rows: 6 }} />
      )}
    </Card>
  );
}

/** Readings stored per UTC day (the pipeline counts per UTC day), with today and the last 7 days. */
export function ReadingsCard({ readings }: { readings: OverviewReport['readings'] | undefined }) {
  const { t, i18n } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: series names follow the language
  const option = useMemo(
    () => readings && readingsTrendOption(readings.trend, t('dashboard.readings.series')),
    [readings, t, i18n.language],
  );
  const empty = readings?.trend.every((d) => d.readings === 0);
  return (
    <Card
      size="small"
      title={t('dashboard.readings.title')}
      className="dashboard-panel"
      extra={<Typography.Text type="secondary">{t('dashboard.readings.utcNote')}</Typography.Text>}
    >
      {readings && option ? (
        <>
          <Space size="large" className="dashboard-readings-figures">
            <Statistic title={t('dashboard.readings.today')} value={readings.today} />
            <Statistic title={t('dashboard.readings.last7')} value={readings.last_7_days} />
          </Space>
          {empty ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} style={{ height: CHART_HEIGHT - 60 }} />
          ) : (
            <EChart
              option={option}
              height={CHART_HEIGHT - 60}
              testId="dashboard-readings-trend"
              ariaLabel={t('dashboard.readings.title')}
            />
          )}
        </>
      ) : (
        <Skeleton active paragraph={{ rows: 6 }} />
      )}
    </Card>
  );
}
