import type { AlarmLogRow, OnofflineLogRow } from '@fleet/contracts';
import { Card, Empty, Skeleton, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { readableTagStyle } from '../../../shared/components/readable-color';
import { alarmMessage } from '../../alarms/lib/alarm-message';
import { formatTime } from '../../devices/lib/labels';
import { reasonKey } from '../../devices/lib/live-format';
import { alarmTypeTagView } from '../../devices/lib/status';

function ListCard({
  title,
  more,
  loading,
  empty,
  emptyText,
  testId,
  children,
}: {
  title: string;
  more: string;
  loading: boolean;
  empty: boolean;
  emptyText: string;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card
      size="small"
      title={title}
      className="dashboard-panel"
      data-testid={testId}
      extra={<Link to={more}>{t('dashboard.viewAll')}</Link>}
    >
      {loading ? (
        <Skeleton active paragraph={{ rows: 5 }} />
      ) : empty ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />
      ) : (
        <ul className="dashboard-list">{children}</ul>
      )}
    </Card>
  );
}

/** The 10 newest alarms of the devices in scope; the full log is the alarm center's. */
export function LatestAlarms({ rows }: { rows: AlarmLogRow[] | undefined }) {
  const { t } = useTranslation();
  const na = t('common.na');
  return (
    <ListCard
      title={t('dashboard.latestAlarms.title')}
      more="/alarm/alarmlog"
      loading={!rows}
      empty={rows?.length === 0}
      emptyText={t('dashboard.latestAlarms.empty')}
      testId="dashboard-latest-alarms"
    >
      {rows?.map((row) => {
        const tag = alarmTypeTagView(row.alarm_type);
        return (
          <li key={row.id} className="dashboard-list-item">
            <Tag
              color={tag.color}
              style={readableTagStyle(tag.color)}
              data-testid="alarm-type-tag"
              data-type={row.alarm_type}
            >
              {t(tag.key, tag.params)}
            </Tag>
            <div className="dashboard-list-text">
              <Typography.Text strong ellipsis>
                {row.device_title || row.device_imei}
              </Typography.Text>
              <Typography.Text type="secondary" ellipsis>
                {alarmMessage(row, t)}
              </Typography.Text>
            </div>
            <Typography.Text type="secondary" className="dashboard-list-time">
              {formatTime(row.at, na)}
            </Typography.Text>
          </li>
        );
      })}
    </ListCard>
  );
}

/** The 10 newest offline events of the devices in scope; the full log is the alarm center's. */
export function LatestOffline({ rows }: { rows: OnofflineLogRow[] | undefined }) {
  const { t } = useTranslation();
  const na = t('common.na');
  return (
    <ListCard
      title={t('dashboard.latestOffline.title')}
      more="/alarm/onOffline"
      loading={!rows}
      empty={rows?.length === 0}
      emptyText={t('dashboard.latestOffline.empty')}
      testId="dashboard-latest-offline"
    >
      {rows?.map((row) => {
        const reason = reasonKey(row.reason);
        return (
          <li key={row.id} className="dashboard-list-item">
            <Tag>{t('dashboard.cards.offline')}</Tag>
            <div className="dashboard-list-text">
              <Typography.Text strong ellipsis>
                {row.device_title || row.device_imei}
              </Typography.Text>
              <Typography.Text type="secondary" ellipsis>
                {reason ? t(reason) : row.reason || row.via}
              </Typography.Text>
            </div>
            <Typography.Text type="secondary" className="dashboard-list-time">
              {formatTime(row.at, na)}
            </Typography.Text>
          </li>
        );
      })}
    </ListCard>
  );
}
