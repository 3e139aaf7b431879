import { NOTICE_STATUSES, type NoticeRow, type NoticeStatus } from '@fleet/contracts';
import { Select, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { tablePagination, useListParams } from '../../../shared/hooks/use-list-params';
import { wideTable } from '../../../shared/table/wide-table';
import { ListCard, TableEmpty } from '../../accounts/components/ListCard';
import { formatTime } from '../../devices/lib/labels';
import { useNotices } from '../api/list-notices';
import { AlarmTypeTag } from './AlarmTags';

const STATUS_COLOUR: Record<NoticeStatus, string> = {
  pending: 'default',
  sending: 'processing',
  sent: 'success',
  failed: 'error',
  throttled: 'warning',
  no_quota: 'error',
};

/** The delivery log (GET /trigger/notice): every notice queued for a contact and what became of it. */
export function NoticeLogTab() {
  const { t } = useTranslation();
  const list = useListParams<{ status?: NoticeStatus }>({});
  const notices = useNotices({ page: list.page, limit: list.limit, status: list.filters.status });
  const na = t('common.na');

  const columns: ColumnsType<NoticeRow> = [
    {
      title: t('alarms.notices.created'),
      dataIndex: 'created_at',
      width: 170,
      render: (v: string) => formatTime(v, na),
    },
    { title: t('alarms.notices.contact'), dataIndex: 'contact_name', width: 140, ellipsis: true },
    {
      title: t('alarms.notices.channel'),
      dataIndex: 'channel',
      width: 100,
      render: (v: string) => t(`alarms.channel.${v}`),
    },
    {
      title: t('alarms.notices.alarm'),
      key: 'alarm',
      width: 260,
      render: (_v, row) =>
        row.alarm_id === null ? (
          <Tag>{t('alarms.notices.test')}</Tag>
        ) : (
          <span className="alarm-notice-alarm">
            {row.alarm_type !== null && <AlarmTypeTag type={row.alarm_type} />}
            <Typography.Text ellipsis>{row.device_title ?? na}</Typography.Text>
          </span>
        ),
    },
    {
      title: t('alarms.notices.status'),
      dataIndex: 'status',
      width: 110,
      render: (v: NoticeStatus) => (
        <Tag color={STATUS_COLOUR[v] ?? 'default'} data-testid="notice-status" data-status={v}>
          {t(`alarms.notices.statuses.${v}`)}
        </Tag>
      ),
    },
    { title: t('alarms.notices.attempts'), dataIndex: 'attempts', width: 90 },
    {
      title: t('alarms.notices.sentAt'),
      dataIndex: 'sent_at',
      width: 170,
      render: (v: string | null) => formatTime(v, na),
    },
    {
      title: t('alarms.notices.lastError'),
      dataIndex: 'last_error',
      ellipsis: true,
      render: (v: string) => (v ? <Typography.Text type="danger">{v}</Typography.Text> : na),
    },
  ];

  return (
    <ListCard
      error={notices.error}
      onRetry={() => void notices.refetch()}
      filters={
        <Select
          allowClear
          placeholder={t('alarms.notices.status')}
          aria-label={t('alarms.notices.status')}
          style={{ width: 160 }}
          value={list.filters.status}
          onChange={(v?: NoticeStatus) => list.setFilter('status', v)}
          options={NOTICE_STATUSES.map((s) => ({ value: s, label: t(`alarms.notices.statuses.${s}`) }))}
          data-testid="notices-filter-status"
        />
      }
    >
      <Table<NoticeRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={notices.data?.rows ?? []}
        loading={notices.isPending}
        {...wideTable(columns)}
        locale={{
          emptyText: notices.isPending ? ' ' : <TableEmpty filtered={list.filters.status !== undefined} />,
        }}
        pagination={tablePagination(list, notices.data?.total ?? 0, (total) =>
          t('alarms.common.total', { total }),
        )}
        data-testid="notices-table"
      />
    </ListCard>
  );
}
