import type { AlarmLogRow, OnofflineLogRow } from '@fleet/contracts';
import { Empty, Spin, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../shared/components/LoadError';
import { RelativeTime, useNow } from '../../devices/components/RelativeTime';
import { reasonKey } from '../../devices/lib/live-format';
import { alarmMessage } from '../lib/alarm-message';
import { alarmKey, onlineKey } from '../lib/notice-feed';
import { AlarmLevelTag, AlarmTypeTag } from './AlarmTags';

export type NoticeKind = 'alarm' | 'online';

/** Loading, error, "not enabled" (SPEC 8) and "no unread" states around a popover list. */
export function NoticeListFrame({
  kind,
  enabled,
  loading,
  error,
  onRetry,
  empty,
  children,
}: {
  kind: NoticeKind;
  enabled: boolean;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  empty: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  let body: ReactNode = children;
  if (!enabled) {
    body = (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('alarms.notice.disabledHint')}
        data-testid={`notice-disabled-${kind}`}
      />
    );
  } else if (error) {
    body = <LoadError onRetry={onRetry} testId={`notice-error-${kind}`} />;
  } else if (loading) {
    body = (
      <div className="notice-loading">
        <Spin />
      </div>
    );
  } else if (empty) {
    body = (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('alarms.notice.noUnread')}
        data-testid={`notice-empty-${kind}`}
      />
    );
  }
  return (
    <div className="notice-list" data-testid={`notice-list-${kind}`}>
      {body}
    </div>
  );
}

/** Unread alarms: type and level tags, device, the alarm's text in the screen's language, age. */
export function AlarmNoticeItems({ rows }: { rows: readonly AlarmLogRow[] }) {
  const { t } = useTranslation();
  const now = useNow(15_000);
  const na = t('common.na');
  return (
    <>
      {rows.map((row) => (
        <div key={alarmKey(row)} className="notice-item" data-testid="notice-item-alarm" data-id={row.id}>
          <div className="notice-item-head">
            <AlarmTypeTag type={row.alarm_type} />
            {row.cause !== 'recovered' && <AlarmLevelTag level={row.level} />}
            <Typography.Text strong ellipsis className="notice-item-title">
              {row.device_title || row.device_imei}
            </Typography.Text>
          </div>
          <div className="notice-item-text">{alarmMessage(row, t)}</div>
          <div className="notice-item-time">
            <RelativeTime at={row.at} now={now} fallback={na} />
          </div>
        </div>
      ))}
    </>
  );
}

/** Unread online/offline events: state tag, device, the offline reason, age. */
export function OnlineNoticeItems({ rows }: { rows: readonly OnofflineLogRow[] }) {
  const { t } = useTranslation();
  const now = useNow(15_000);
  const na = t('common.na');
  return (
    <>
      {rows.map((row) => {
        const reason = reasonKey(row.reason);
        return (
          <div
            key={onlineKey(row)}
            className="notice-item"
            data-testid="notice-item-online"
            data-status={row.status}
          >
            <div className="notice-item-head">
              <Tag color={row.status === 1 ? 'success' : 'default'}>
                {t(row.status === 1 ? 'alarms.onoff.online' : 'alarms.onoff.offline')}
              </Tag>
              <Typography.Text strong ellipsis className="notice-item-title">
                {row.device_title || row.device_imei || t('alarms.notice.deviceId', { id: row.device_id })}
              </Typography.Text>
            </div>
            {reason && <div className="notice-item-text">{t(reason)}</div>}
            <div className="notice-item-time">
              <RelativeTime at={row.at} now={now} fallback={na} />
            </div>
          </div>
        );
      })}
    </>
  );
}
