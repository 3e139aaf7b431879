import { DownloadOutlined } from '@ant-design/icons';
import { type AlarmLogRow, DispatchStatus } from '@fleet/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../shared/api/client';
import { tablePagination, useListParams } from '../../../shared/hooks/use-list-params';
import { useLiveEvents } from '../../../shared/live/use-live';
import { useCanWrite } from '../../../shared/permission/permission';
import { useSettings } from '../../../shared/store/settings';
import { wideTable } from '../../../shared/table/wide-table';
import { ListCard, TableEmpty } from '../../accounts/components/ListCard';
import { formatTime } from '../../devices/lib/labels';
import { ExportButton } from '../../file-download/components/ExportButton';
import { toExportParams } from '../../file-download/lib/export-params';
import { useExportAlarms } from '../api/export-alarms';
import { alarmKeys } from '../api/keys';
import { useAlarmLog } from '../api/list-alarms';
import { AlarmFilterBar } from '../components/AlarmFilterBar';
import { AlarmRowActions } from '../components/AlarmRowActions';
import { AlarmLevelTag, AlarmStatusTag, AlarmTypeTag } from '../components/AlarmTags';
import { DeviceCell } from '../components/DeviceCell';
import {
  type AlarmFilters,
  alarmExportQuery,
  alarmFilterQuery,
  alarmLogQuery,
  EMPTY_ALARM_FILTERS,
  isFiltered,
} from '../lib/alarm-filters';
import { alarmMessage, formatAlarmValue } from '../lib/alarm-message';

/** /alarm/alarmlog (permission Event/log): the alarm log with filters, actions, export and live refresh. */
export default function AlarmLogPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const lang = useSettings((s) => s.language);
  const list = useListParams<AlarmFilters>(EMPTY_ALARM_FILTERS);
  const query = alarmLogQuery(list.filters, list.search, list);
  const alarms = useAlarmLog(query);
  const exporter = useExportAlarms();
  const canEdit = useCanWrite('Event/log');
  const na = t('common.na');

  // A new or recovered alarm refreshes the list (cancelRefetch false: a burst of pushes cannot
  // keep cancelling the request in flight).
  // On every socket (re)connection too: alarms raised while it was down (or before it first opened,
  // right after the page loaded) were never pushed.
  const refreshLogs = () =>
    void queryClient.invalidateQueries({ queryKey: alarmKeys.logs() }, { cancelRefetch: false });
  useLiveEvents('AL', refreshLogs, refreshLogs);

  const exportFile = () =>
    exporter
      .mutateAsync(alarmExportQuery(list.filters, list.search, lang))
      .then(({ truncated }) => {
        if (truncated) void message.warning(t('alarms.log.exportTruncated'));
        else void message.success(t('alarms.log.exported'));
      })
      .catch((error: unknown) => notifyError(error));

  const columns: ColumnsType<AlarmLogRow> = [
    {
      title: t('alarms.log.time'),
      dataIndex: 'at',
      width: 170,
      render: (v: string) => formatTime(v, na),
    },
    {
      title: t('alarms.log.device'),
      dataIndex: 'device_title',
      width: 200,
      render: (_v, row) => (
        <DeviceCell title={row.device_title} imei={row.device_imei} fallback={na} testId="alarm-device" />
      ),
    },
    // The alarm's text (it names the point) comes right after the device: it is what people read.
    {
      title: t('alarms.log.message'),
      key: 'message',
      width: 260,
      render: (_v, row) => (
        <Typography.Text data-testid="alarm-message" title={row.remark || undefined}>
          {alarmMessage(row, t)}
        </Typography.Text>
      ),
    },
    {
      title: t('alarms.log.type'),
      dataIndex: 'alarm_type',
      width: 150,
      render: (v: number) => <AlarmTypeTag type={v} />,
    },
    {
      title: t('alarms.log.level'),
      dataIndex: 'level',
      width: 100,
      render: (v: number, row) => (row.cause === 'recovered' ? na : <AlarmLevelTag level={v} />),
    },
    // The handling status sits next to the level: it is what people scan for.
    {
      title: t('alarms.log.status'),
      dataIndex: 'status',
      width: 100,
      render: (v: number) => <AlarmStatusTag status={v} />,
    },
    {
      title: t('alarms.log.point'),
      dataIndex: 'point_title',
      width: 140,
      ellipsis: true,
      render: (_v, row) => row.point_title || row.point_name || na,
    },
    {
      title: t('alarms.log.value'),
      dataIndex: 'value',
      width: 100,
      render: (v: number | null) => formatAlarmValue(v) ?? na,
    },
    {
      title: t('alarms.log.threshold'),
      dataIndex: 'threshold',
      width: 110,
      render: (v: string) => v || na,
    },
    {
      title: t('alarms.log.dispatch'),
      dataIndex: 'dispatch_status',
      width: 110,
      render: (v: number) => (
        <Tag
          color={v === DispatchStatus.DISPATCHED ? 'processing' : 'default'}
          data-testid="alarm-dispatch-tag"
        >
          {t(v === DispatchStatus.DISPATCHED ? 'alarms.dispatch.1' : 'alarms.dispatch.0')}
        </Tag>
      ),
    },
    {
      title: t('alarms.log.recoveredAt'),
      dataIndex: 'recovered_at',
      width: 170,
      render: (v: string | null, row) => {
        if (row.cause === 'recovered') return <Typography.Text type="secondary">{na}</Typography.Text>;
        if (!v)
          return (
            <Tag color="error" data-testid="alarm-open-tag">
              {t('alarms.log.open')}
            </Tag>
          );
        return formatTime(v, na);
      },
    },
    {
      title: t('alarms.log.handledBy'),
      dataIndex: 'handled_by_name',
      width: 150,
      render: (v: string | null, row) =>
        v ? (
          <Tooltip title={formatTime(row.handled_at, na)}>
            <span>{v}</span>
          </Tooltip>
        ) : (
          na
        ),
    },
    {
      title: t('alarms.log.remark'),
      dataIndex: 'remark',
      width: 160,
      ellipsis: true,
      render: (v: string) => v || na,
    },
    {
      title: t('alarms.common.actions'),
      key: 'actions',
      fixed: 'right',
      width: 200,
      render: (_v, row) => <AlarmRowActions row={row} canEdit={canEdit} />,
    },
  ];

  return (
    <div data-testid="alarmlog-page">
      <ListCard
        error={alarms.error}
        onRetry={() => void alarms.refetch()}
        filters={<AlarmFilterBar list={list} />}
        actions={
          <>
            <Button
              icon={<DownloadOutlined />}
              loading={exporter.isPending}
              onClick={() => void exportFile()}
              data-testid="alarm-export"
            >
              {t('alarms.log.export')}
            </Button>
            <ExportButton
              kind="alarmlog"
              params={toExportParams({ ...alarmFilterQuery(list.filters, list.search) })}
              label={t('fileDownload.export.background')}
            />
          </>
        }
      >
        <Table<AlarmLogRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={alarms.data?.rows ?? []}
          loading={alarms.isFetching}
          {...wideTable(columns)}
          locale={{
            emptyText: alarms.isPending ? (
              ' '
            ) : (
              <TableEmpty filtered={isFiltered(list.filters, list.search)} />
            ),
          }}
          pagination={tablePagination(list, alarms.data?.total ?? 0, (total) =>
            t('alarms.common.total', { total }),
          )}
          data-testid="alarmlog-table"
        />
      </ListCard>
    </div>
  );
}
