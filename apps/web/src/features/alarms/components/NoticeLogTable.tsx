import {
  NOTICE_CHANNELS,
  NOTICE_STATUSES,
  type NoticeChannel,
  type NoticeRow,
  type NoticeStatus,
} from '@fleet/contracts';
import { DatePicker, Select, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tablePagination, useListParams } from '../../../shared/hooks/use-list-params';
import { wideTable } from '../../../shared/table/wide-table';
import { rangeQuery } from '../../../shared/time/time-range';
import { ListCard, TableEmpty } from '../../accounts/components/ListCard';
import { formatTime } from '../../devices/lib/labels';
import { ExportButton } from '../../file-download/components/ExportButton';
import { toExportParams } from '../../file-download/lib/export-params';
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

interface Filters {
  status?: NoticeStatus;
  channel?: NoticeChannel;
}

/**
 * The notice log (GET /trigger/notice): every notice queued for a contact, what became of it, the
 * quota units it takes and the provider's answer; filters by channel, status and time; export.
 * Shown on /trigger/notice and as the contacts page's delivery log tab.
 */
export function NoticeLogTable() {
  const { t } = useTranslation();
  const list = useListParams<Filters>({});
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const filters = { ...list.filters, ...rangeQuery(range) };
  const notices = useNotices({ page: list.page, limit: list.limit, ...filters });
  const na = t('common.na');
  const filtered = range !== null || Object.values(list.filters).some((v) => v !== undefined);

  const columns: ColumnsType<NoticeRow> = [
    {
      title: t('alarms.notices.created'),
      dataIndex: 'created_at',
      width: 170,
      render: (v: string) => formatTime(v, na),
    },
    { title: t('alarms.notices.contact'), dataIndex: 'contact_name', width: 130, ellipsis: true },
    {
      title: t('alarms.notices.address'),
      dataIndex: 'contact_address',
      width: 160,
      ellipsis: true,
      render: (v: string) => v || na,
    },
    {
      title: t('alarms.notices.channel'),
      dataIndex: 'channel',
      width: 100,
      render: (v: string) => t(`alarms.channel.${v}`),
    },
    {
      title: t('alarms.notices.alarm'),
      key: 'alarm',
      width: 240,
      render: (_v, row) =>
        row.about !== 'alarm' ? (
          <Tag color={row.about === 'expiry' ? 'gold' : undefined}>
            {t(`alarms.notices.about.${row.about}`)}
          </Tag>
        ) : (
          <span className="alarm-notice-alarm">
            {row.alarm_type !== null && <AlarmTypeTag type={row.alarm_type} />}
            <Typography.Text ellipsis>{row.device_title ?? na}</Typography.Text>
            {row.digest_count !== null && (
              <Tag color="purple">{t('alarms.notices.digest', { count: row.digest_count })}</Tag>
            )}
          </span>
        ),
    },
    {
      title: t('alarms.notices.status'),
      dataIndex: 'status',
      width: 130,
      render: (v: NoticeStatus) => (
        <Tag color={STATUS_COLOUR[v] ?? 'default'} data-testid="notice-status" data-status={v}>
          {t(`alarms.notices.statuses.${v}`)}
        </Tag>
      ),
    },
    {
      title: <Tooltip title={t('alarms.notices.costHelp')}>{t('alarms.notices.cost')}</Tooltip>,
      dataIndex: 'cost',
      width: 100,
      align: 'right',
      render: (v: number) => <span data-testid="notice-cost">{v}</span>,
    },
    { title: t('alarms.notices.attempts'), dataIndex: 'attempts', width: 90, align: 'right' },
    {
      title: t('alarms.notices.sentAt'),
      dataIndex: 'sent_at',
      width: 170,
      render: (v: string | null) => formatTime(v, na),
    },
    {
      title: t('alarms.notices.receipt'),
      dataIndex: 'receipt_status',
      width: 110,
      render: (v: string, row) =>
        v ? (
          <Tooltip title={formatTime(row.receipt_at, na)}>
            <Tag color={v === 'delivered' ? 'success' : 'error'}>{t(`alarms.notices.receipts.${v}`)}</Tag>
          </Tooltip>
        ) : (
          na
        ),
    },
    {
      title: t('alarms.notices.providerAnswer'),
      dataIndex: 'provider_answer',
      width: 220,
      ellipsis: { showTitle: true },
      render: (v: string) => v || na,
    },
    {
      title: t('alarms.notices.lastError'),
      dataIndex: 'last_error',
      width: 240,
      ellipsis: { showTitle: true },
      render: (v: string) => (v ? <Typography.Text type="danger">{v}</Typography.Text> : na),
    },
  ];

  return (
    <ListCard
      error={notices.error}
      onRetry={() => void notices.refetch()}
      actions={<ExportButton kind="noticelog" params={toExportParams(filters)} />}
      filters={
        <>
          <Select
            allowClear
            placeholder={t('alarms.notices.allChannels')}
            aria-label={t('alarms.notices.channel')}
            style={{ width: 150 }}
            value={list.filters.channel}
            onChange={(v?: NoticeChannel) => list.setFilter('channel', v)}
            options={NOTICE_CHANNELS.map((c) => ({ value: c, label: t(`alarms.channel.${c}`) }))}
            data-testid="notices-filter-channel"
          />
          <Select
            allowClear
            placeholder={t('alarms.notices.allStatuses')}
            aria-label={t('alarms.notices.status')}
            style={{ width: 170 }}
            value={list.filters.status}
            onChange={(v?: NoticeStatus) => list.setFilter('status', v)}
            options={NOTICE_STATUSES.map((s) => ({ value: s, label: t(`alarms.notices.statuses.${s}`) }))}
            data-testid="notices-filter-status"
          />
          <DatePicker.RangePicker
            showTime
            value={range}
            onChange={(v) => {
              setRange(v?.[0] && v[1] ? [v[0], v[1]] : null);
              list.onPageChange(1, list.limit);
            }}
            data-testid="notices-filter-range"
          />
        </>
      }
    >
      <Table<NoticeRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={notices.data?.rows ?? []}
        loading={notices.isPending && !notices.error}
        {...wideTable(columns)}
        locale={{ emptyText: notices.isPending ? ' ' : <TableEmpty filtered={filtered} /> }}
        pagination={tablePagination(list, notices.data?.total ?? 0, (total) =>
          t('alarms.common.total', { total }),
        )}
        data-testid="notices-table"
      />
    </ListCard>
  );
}
