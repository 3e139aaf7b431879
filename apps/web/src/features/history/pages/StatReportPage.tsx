import { FileExcelOutlined } from '@ant-design/icons';
import type { EventStatRow } from '@fleet/contracts';
import { App, Button, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../shared/api/client';
import { SearchInput } from '../../../shared/components/SearchInput';
import { TimeRangeFilter } from '../../../shared/components/TimeRangeFilter';
import { tablePagination, useListParams } from '../../../shared/hooks/use-list-params';
import { useSettings } from '../../../shared/store/settings';
import { wideTable } from '../../../shared/table/wide-table';
import { presetRange } from '../../../shared/time/time-range';
import { useAlarmLevels } from '../../accounts/api/get-alarm-levels';
import { ListCard, TableEmpty } from '../../accounts/components/ListCard';
import { DeviceCell } from '../../alarms/components/DeviceCell';
import { browserTimeZone } from '../../alarms/lib/alarm-filters';
import { levelView } from '../../alarms/lib/levels';
import { CollectionSelect } from '../../device-groups/components/CollectionSelect';
import { ExportButton } from '../../file-download/components/ExportButton';
import { useExportStatReport } from '../api/export-stat-report';
import { useStatReport } from '../api/stat-report';
import { StatTopChart, TOP_DEVICES } from '../components/StatTopChart';
import {
  countEntries,
  durationParts,
  type StatFilters,
  statExportParams,
  statFilterQuery,
  typeEntries,
} from '../lib/stat-report';

/** /dataCenter/statReport (permission Event): alarms and online/offline events per device over a period. */
export default function StatReportPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const lang = useSettings((s) => s.language);
  const levels = useAlarmLevels();
  const list = useListParams<StatFilters>({ range: presetRange('past7d'), groupId: null });
  const filter = statFilterQuery(list.filters, list.search);
  const report = useStatReport({ ...filter, page: list.page, limit: list.limit });
  // The chart always shows the overall top devices (rows come most alarms first), whatever the page.
  const top = useStatReport({ ...filter, page: 1, limit: TOP_DEVICES });
  const exporter = useExportStatReport();
  const na = t('common.na');

  const quickExport = () =>
    exporter
      .mutateAsync({ ...filter, lang, tz: browserTimeZone() })
      .then(() => void message.success(t('statReport.exported')))
      .catch((error: unknown) => notifyError(error));

  const count = (v: number) => (v > 0 ? v : <Typography.Text type="secondary">0</Typography.Text>);
  const columns: ColumnsType<EventStatRow> = [
    {
      title: t('statReport.device'),
      dataIndex: 'device_title',
      width: 200,
      fixed: 'left',
      render: (_v, row) => (
        <DeviceCell title={row.device_title} imei={row.device_imei} fallback={na} testId="stat-device" />
      ),
    },
    { title: t('statReport.alarms'), dataIndex: 'alarms', width: 100, align: 'right', render: count },
    {
      title: t('statReport.byType'),
      key: 'by_type',
      width: 260,
      render: (_v, row) => {
        const entries = typeEntries(row, lang);
        if (entries.length === 0)
          return <Typography.Text type="secondary">{t('statReport.none')}</Typography.Text>;
        return entries.map((e) => (
          <Tag key={e.code} data-testid="stat-type" style={{ marginBottom: 2 }}>
            {e.label}: {e.count}
          </Tag>
        ));
      },
    },
    {
      title: t('statReport.byLevel'),
      key: 'by_level',
      width: 200,
      render: (_v, row) => {
        const entries = countEntries(row.by_level);
        if (entries.length === 0)
          return <Typography.Text type="secondary">{t('statReport.none')}</Typography.Text>;
        return entries.map((e) => {
          const view = levelView(levels.data, e.code, lang);
          return (
            <Tag key={e.code} color={view.color} data-testid="stat-level" style={{ marginBottom: 2 }}>
              {view.known ? view.label : t('alarms.level.unknown', { level: e.code })}: {e.count}
            </Tag>
          );
        });
      },
    },
    { title: t('statReport.unhandled'), dataIndex: 'unhandled', width: 100, align: 'right', render: count },
    { title: t('statReport.recovered'), dataIndex: 'recovered', width: 100, align: 'right', render: count },
    {
      title: t('statReport.onlineEvents'),
      dataIndex: 'online_events',
      width: 110,
      align: 'right',
      render: count,
    },
    {
      title: t('statReport.offlineEvents'),
      dataIndex: 'offline_events',
      width: 110,
      align: 'right',
      render: count,
    },
    {
      title: t('statReport.offlineDuration'),
      dataIndex: 'offline_seconds',
      width: 150,
      align: 'right',
      render: (v: number) => (
        <span data-testid="stat-offline" title={`${v} s`}>
          {durationParts(v)
            .map((p) => t(p.key, { count: p.count }))
            .join(' ')}
        </span>
      ),
    },
  ];

  return (
    <div data-testid="statreport-page">
      <StatTopChart rows={top.data?.rows} loading={top.isPending} />
      <ListCard
        error={report.error}
        onRetry={() => {
          void report.refetch();
          void top.refetch();
        }}
        filters={
          <>
            <TimeRangeFilter
              value={list.filters.range}
              onChange={(r) => list.setFilter('range', r)}
              testId="stat-range"
            />
            <SearchInput list={list} placeholder={t('statReport.searchPlaceholder')} testId="stat-search" />
            <CollectionSelect
              kind="group"
              value={list.filters.groupId}
              onChange={(v) => list.setFilter('groupId', v)}
              placeholder={t('statReport.group')}
              style={{ width: 180 }}
              testId="stat-group"
            />
            {list.filters.range ? null : (
              <Typography.Text type="secondary">{t('statReport.defaultRange')}</Typography.Text>
            )}
          </>
        }
        actions={
          <>
            <Button
              icon={<FileExcelOutlined />}
              loading={exporter.isPending}
              onClick={() => void quickExport()}
              data-testid="stat-quick-export"
            >
              {t('statReport.quickExport')}
            </Button>
            <ExportButton kind="statreport" params={statExportParams(list.filters, list.search)} />
          </>
        }
      >
        <Table<EventStatRow>
          rowKey="device_id"
          size="middle"
          columns={columns}
          dataSource={report.data?.rows ?? []}
          loading={report.isFetching}
          {...wideTable(columns)}
          locale={{
            emptyText: report.isPending ? (
              ' '
            ) : (
              <TableEmpty filtered={Boolean(filter.search || filter.group_id)} />
            ),
          }}
          pagination={tablePagination(list, report.data?.total ?? 0, (total) =>
            t('statReport.total', { total }),
          )}
          data-testid="statreport-table"
        />
      </ListCard>
    </div>
  );
}
