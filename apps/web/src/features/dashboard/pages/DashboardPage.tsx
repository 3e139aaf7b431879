import { Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../shared/components/LoadError';
import { formatTime } from '../../devices/lib/labels';
import { browserTimeZone, useOverview } from '../api/get-overview';
import { AlarmsTodayCard } from '../components/AlarmsTodayCard';
import { LatestAlarms, LatestOffline } from '../components/LatestLists';
import { StatCards } from '../components/StatCards';
import { AlarmTrendCard, ReadingsCard } from '../components/TrendCharts';
import { useLiveOverview } from '../hooks/use-live-overview';

/**
 * /dashboard/index (SPEC 2.3, permission PlatformOverView): device counts, today's alarms and their
 * trend, data volume, the latest alarms and offline events of the devices the user may see; refreshed
 * by live alarm and online/offline events and every minute.
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const tz = useMemo(browserTimeZone, []);
  const overview = useOverview(tz);
  useLiveOverview();
  const data = overview.data;

  // A failed background refresh keeps the figures already shown; only a first failure replaces them.
  if (overview.isError && !data)
    return <LoadError onRetry={() => void overview.refetch()} testId="dashboard-error" />;

  return (
    <div className="dashboard-page" data-testid="dashboard-page">
      {data && (
        <Typography.Text type="secondary" className="dashboard-updated">
          {t('dashboard.updatedAt', { time: formatTime(new Date(overview.dataUpdatedAt).toISOString(), '') })}
        </Typography.Text>
      )}
      <StatCards devices={data?.devices} />
      <div className="dashboard-grid">
        <AlarmTrendCard trend={data?.alarm_trend} />
        <AlarmsTodayCard today={data?.alarms_today} />
        <ReadingsCard readings={data?.readings} />
        <LatestAlarms rows={data?.latest_alarms} />
        <LatestOffline rows={data?.latest_offline} />
      </div>
    </div>
  );
}
