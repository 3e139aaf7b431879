import { LineChartOutlined } from '@ant-design/icons';
import type { LastdpsRow } from '@fleet/contracts';
import { Card, Empty, Flex, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOptionalPoints } from '../../devices/api/list-optional-points';
import { RelativeTime } from '../../devices/components/RelativeTime';
import { StatusTag } from '../../devices/components/StatusTag';
import { WriteControl } from '../../devices/components/WriteControl';
import { cardValues, lastUpdate } from '../lib/card-values';
import { FlashValue } from './FlashValue';

/**
 * One device of the monitor: title (linking to the detail page when the user may open it), IMEI, SPEC 4
 * status tag, last update and the first points with their latest values, written in place by LD.
 */
export function DeviceCard({ row, now, canManage }: { row: LastdpsRow; now: number; canManage: boolean }) {
  const { t } = useTranslation();
  const points = useOptionalPoints(row.device_id);
  const values = cardValues(row, points.data?.rows);
  const more = row.lastdp.length - values.length;
  const title = row.device_title || row.device_imei;
  const na = t('common.na');

  return (
    <Card
      size="small"
      className="monitor-card"
      data-testid={`monitor-card-${row.device_id}`}
      title={
        canManage ? (
          <Link to={`/device/detail/${row.device_id}`} data-testid="monitor-card-link" title={title}>
            {title}
          </Link>
        ) : (
          <span title={title}>{title}</span>
        )
      }
      extra={
        <Flex align="center" gap={4}>
          <Tooltip title={t('menu.history')}>
            <Link
              to={`/dataCenter/history?device_id=${row.device_id}`}
              aria-label={t('menu.history')}
              data-testid="monitor-card-history"
            >
              <LineChartOutlined />
            </Link>
          </Tooltip>
          <StatusTag status={row.status} alarmType={row.alarm_type} />
        </Flex>
      }
    >
      <Flex justify="space-between" gap={8} className="monitor-card-meta">
        <Typography.Text type="secondary" ellipsis>
          {t('monitor.imei')} {row.device_imei}
        </Typography.Text>
        <Typography.Text type="secondary" data-testid="monitor-card-updated">
          <RelativeTime at={lastUpdate(row)} now={now} fallback={na} />
        </Typography.Text>
      </Flex>
      {values.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('monitor.noPoints')} />
      ) : (
        <ul className="monitor-points">
          {values.map((v) => (
            <li key={v.point_id} className="monitor-point" data-testid={`monitor-point-${v.name}`}>
              <Typography.Text type="secondary" ellipsis title={v.label} className="monitor-point-label">
                {v.slaveId === null ? v.label : `${v.label} · ${t('devices.live.slave')} ${v.slaveId}`}
              </Typography.Text>
              <Flex align="center" gap={2} className="monitor-point-value">
                {v.text === null ? (
                  <Typography.Text type="secondary">{t('monitor.never')}</Typography.Text>
                ) : (
                  <FlashValue at={v.at} title={v.translated ? String(v.raw) : undefined}>
                    <Typography.Text strong data-testid="monitor-value">
                      {v.text}
                    </Typography.Text>
                    {v.unit && !v.translated ? (
                      <Typography.Text type="secondary"> {v.unit}</Typography.Text>
                    ) : null}
                  </FlashValue>
                )}
                {v.writable ? <WriteControl deviceId={row.device_id} point={v.writable} /> : null}
              </Flex>
            </li>
          ))}
        </ul>
      )}
      {more > 0 ? (
        <Typography.Text type="secondary" className="monitor-more">
          {canManage ? (
            <Link to={`/device/detail/${row.device_id}`}>{t('monitor.more', { count: more })}</Link>
          ) : (
            t('monitor.more', { count: more })
          )}
        </Typography.Text>
      ) : null}
    </Card>
  );
}
