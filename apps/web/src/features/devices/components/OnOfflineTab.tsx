import type { OnofflineLogRow } from '@fleet/contracts';
import { Empty, Flex, Segmented, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../shared/components/LoadError';
import { TimeRangeFilter } from '../../../shared/components/TimeRangeFilter';
import { tablePagination } from '../../../shared/hooks/use-list-params';
import { rangeQuery } from '../../../shared/time/time-range';
import { useOnOfflineLog } from '../api/connectivity';
import { formatTime } from '../lib/labels';
import { reasonKey } from '../lib/live-format';

/** The device's online/offline log (GET /device/onofflinelog), newest first, by status and time range. */
export function OnOfflineTab({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const [paging, setPaging] = useState({ page: 1, limit: 20 });
  const [status, setStatus] = useState<'all' | '1' | '0'>('all');
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const list = useOnOfflineLog(deviceId, {
    ...paging,
    status: status === 'all' ? undefined : Number(status),
    ...rangeQuery(range),
  });
  const na = t('common.na');
  const filtered = status !== 'all' || range !== null;

  return (
    <Flex vertical gap={12} data-testid="device-onoff">
      <Flex gap={8} wrap align="center">
        <Segmented
          value={status}
          onChange={(v) => {
            setStatus(v as 'all' | '1' | '0');
            setPaging((p) => ({ ...p, page: 1 }));
          }}
          options={[
            { value: 'all', label: t('devices.onoff.all') },
            { value: '1', label: t('devices.onoff.online') },
            { value: '0', label: t('devices.onoff.offline') },
          ]}
          data-testid="onoff-filter-status"
        />
        <TimeRangeFilter
          value={range}
          onChange={(r) => {
            setRange(r);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
          testId="onoff-filter-range"
        />
      </Flex>
      {list.error ? <LoadError onRetry={() => void list.refetch()} /> : null}
      <Table<OnofflineLogRow>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.rows ?? []}
        scroll={{ x: 760 }}
        pagination={tablePagination(
          {
            ...paging,
            onPageChange: (page, limit) => setPaging((p) => ({ page: p.limit === limit ? page : 1, limit })),
          },
          list.data?.total ?? 0,
          (total) => t('devices.common.total', { total }),
        )}
        locale={{
          emptyText: list.isPending ? (
            ' '
          ) : (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={t(filtered ? 'devices.common.emptyFiltered' : 'devices.common.empty')}
            />
          ),
        }}
        data-testid="onoff-table"
        columns={[
          {
            title: t('devices.onoff.time'),
            dataIndex: 'at',
            width: 170,
            render: (v: string) => formatTime(v, na),
          },
          {
            title: t('devices.onoff.status'),
            dataIndex: 'status',
            width: 100,
            render: (v: number) => (
              <Tag color={v === 1 ? 'success' : 'default'} data-testid="onoff-status">
                {t(v === 1 ? 'devices.onoff.online' : 'devices.onoff.offline')}
              </Tag>
            ),
          },
          {
            title: t('devices.onoff.via'),
            dataIndex: 'via',
            width: 90,
            render: (v: string) => <Tag>{v.toUpperCase()}</Tag>,
          },
          {
            title: t('devices.onoff.reasonCol'),
            dataIndex: 'reason',
            width: 200,
            render: (v: string | null) => {
              const key = reasonKey(v);
              return key ? t(key) : v || <Typography.Text type="secondary">{na}</Typography.Text>;
            },
          },
          {
            title: t('devices.onoff.remote'),
            dataIndex: 'remote_address',
            render: (v: string | null) => (v ? <Typography.Text code>{v}</Typography.Text> : na),
          },
        ]}
      />
    </Flex>
  );
}
