import type { OverviewReport } from '@fleet/contracts';
import { Card, Empty, Progress, Skeleton, Statistic, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { readableTagStyle } from '../../../shared/components/readable-color';
import { useSettings } from '../../../shared/store/settings';
import { useAlarmLevels } from '../../accounts/api/get-alarm-levels';
import { DASHBOARD_COLOURS, levelCounts, typeCounts } from '../lib/overview-view';

/** Today's alarms: how many, how many unhandled, and their split by level (alarm_levels option) and type. */
export function AlarmsTodayCard({ today }: { today: OverviewReport['alarms_today'] | undefined }) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.language);
  const levels = useAlarmLevels();
  if (!today)
    return (
      <Card size="small" title={t('dashboard.alarmsToday.title')} className="dashboard-panel">
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  const byLevel = levelCounts(today.by_level, levels.data, lang);
  const byType = typeCounts(today.by_type);
  return (
    <Card size="small" title={t('dashboard.alarmsToday.title')} className="dashboard-panel">
      <div className="dashboard-today-figures">
        <Statistic
          title={t('dashboard.alarmsToday.total')}
          value={today.total}
          styles={{ content: { color: today.total > 0 ? DASHBOARD_COLOURS.alarm : undefined } }}
        />
        <Statistic title={t('dashboard.alarmsToday.unhandled')} value={today.unhandled} />
      </div>
      {today.total === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.alarmsToday.none')} />
      ) : (
        <>
          <Typography.Text type="secondary">{t('dashboard.alarmsToday.byLevel')}</Typography.Text>
          <ul className="dashboard-levels" data-testid="dashboard-levels">
            {byLevel.map((row) => (
              <li key={row.level} data-level={row.level}>
                <Tag color={row.color} style={readableTagStyle(row.color)}>
                  {row.label ?? t('dashboard.alarmsToday.unknownLevel', { level: row.level })}
                </Tag>
                <Progress
                  percent={Math.round((row.count / today.total) * 100)}
                  strokeColor={row.color}
                  format={() => row.count}
                  aria-label={`${row.label ?? t('dashboard.alarmsToday.unknownLevel', { level: row.level })}: ${row.count}`}
                  size="small"
                />
              </li>
            ))}
          </ul>
          <Typography.Text type="secondary">{t('dashboard.alarmsToday.byType')}</Typography.Text>
          <div className="dashboard-types">
            {byType.map((row) => (
              <Tag
                key={row.type}
                color={row.color}
                style={readableTagStyle(row.color)}
                data-testid="alarm-type-tag"
                data-type={row.type}
              >
                {t(row.key, row.params)} × {row.count}
              </Tag>
            ))}
          </div>
        </>
      )}
    </Card>
  );
}
