import type { OnofflineLogRow } from '@fleet/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Segmented, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DeleteAction } from '../../../shared/components/DeleteAction';
import { SearchInput } from '../../../shared/components/SearchInput';
import { TimeRangeFilter } from '../../../shared/components/TimeRangeFilter';
import { tablePagination, useListParams } from '../../../shared/hooks/use-list-params';
import { useLiveEvents } from '../../../shared/live/use-live';
import { wideTable } from '../../../shared/table/wide-table';
import { ListCard, TableEmpty } from '../../accounts/components/ListCard';
import { formatTime } from '../../devices/lib/labels';
import { reasonKey } from '../../devices/lib/live-format';
import { useDeleteOnOffline } from '../api/delete-onoffline';
import { alarmKeys } from '../api/keys';
import { useOnOfflineList } from '../api/list-onoffline';
import { DeviceCell } from '../components/DeviceCell';
import { type OnOfflineFilters, onOfflineQuery } from '../lib/onoffline-filters';

/** /alarm/onOffline (permission Event/online): online/offline events of every visible device. */
export default function OnOfflinePage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = useListParams<OnOfflineFilters>({ range: null, status: 'all' });
  const events = useOnOfflineList(onOfflineQuery(list.filters, list.search, list));
  const remove = useDeleteOnOffline();
  const na = t('common.na');
  const filtered = list.search !== '' || list.filters.status !== 'all' || list.filters.range !== null;

  // Also on every socket (re)connection: what was pushed while it was down is caught up.
  const refreshLog = () =>
    void queryClient.invalidateQueries({ queryKey: alarmKeys.onofflines() }, { cancelRefetch: false });
  useLiveEvents('OL', refreshLog, refreshLog);

  const columns: ColumnsType<OnofflineLogRow> = [
    { title: t('alarms.onoff.time'), dataIndex: 'at', width: 170, render: (v: string) => formatTime(v, na) },
    {
      title: t('alarms.log.device'),
      dataIndex: 'device_title',
      width: 220,
      render: (_v, row) => (
        <DeviceCell title={row.device_title} imei={row.device_imei} fallback={na} testId="onoff-device" />
      ),
    },
    {
      title: t('alarms.onoff.status'),
      dataIndex: 'status',
      width: 100,
      render: (v: number) => (
        <Tag color={v === 1 ? 'success' : 'default'} data-testid="onoff-status" data-status={v}>
          {t(v === 1 ? 'alarms.onoff.online' : 'alarms.onoff.offline')}
        </Tag>
      ),
    },
    {
      title: t('alarms.onoff.via'),
      dataIndex: 'via',
      width: 100,
      render: (v: string) => (v ? <Tag>{v.toUpperCase()}</Tag> : na),
    },
    {
      title: t('alarms.onoff.reason'),
      dataIndex: 'reason',
      width: 180,
      render: (v: string) => {
        const key = reasonKey(v);
        return key ? t(key) : v || <Typography.Text type="secondary">{na}</Typography.Text>;
      },
    },
    {
      title: t('alarms.onoff.remote'),
      dataIndex: 'remote_address',
      render: (v: string) => (v ? <Typography.Text code>{v}</Typography.Text> : na),
    },
    {
      title: t('alarms.common.actions'),
      key: 'actions',
      fixed: 'right',
      width: 80,
      // Deleting needs the device owned in the caller's data subtree; the server refuses the others.
      render: (_v, row) => (
        <DeleteAction
          name={t('alarms.onoff.deleteName', { device: row.device_title || row.device_imei })}
          onDelete={() => remove.mutateAsync(row.id)}
          testId="onoff-delete"
        />
      ),
    },
  ];

  return (
    <div data-testid="onoffline-page">
      <ListCard
        error={events.error}
        onRetry={() => void events.refetch()}
        filters={
          <>
            <TimeRangeFilter
              value={list.filters.range}
              onChange={(r: [Dayjs, Dayjs] | null) => list.setFilter('range', r)}
              testId="onoff-filter-range"
            />
            <Segmented
              value={list.filters.status}
              onChange={(v) => list.setFilter('status', v as OnOfflineFilters['status'])}
              options={[
                { value: 'all', label: t('alarms.onoff.all') },
                { value: 'online', label: t('alarms.onoff.online') },
                { value: 'offline', label: t('alarms.onoff.offline') },
              ]}
              data-testid="onoff-filter-status"
            />
            <SearchInput
              list={list}
              placeholder={t('alarms.log.searchPlaceholder')}
              testId="onoff-filter-search"
            />
          </>
        }
      >
        <Table<OnofflineLogRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={events.data?.rows ?? []}
          loading={events.isFetching}
          {...wideTable(columns)}
          locale={{ emptyText: events.isPending ? ' ' : <TableEmpty filtered={filtered} /> }}
          pagination={tablePagination(list, events.data?.total ?? 0, (total) =>
            t('alarms.common.total', { total }),
          )}
          data-testid="onoffline-table"
        />
      </ListCard>
    </div>
  );
}
