import type { DataReportRow } from '@fleet/contracts';
import { Empty, Table, type TablePaginationConfig, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../devices/lib/labels';
import { formatStat } from '../lib/format-stat';

const STATS = ['min', 'max', 'avg', 'first', 'last', 'difference'] as const;

/** One row per (period, device, point); empty periods show '-' and 'no data'. */
export function ReportTable({
  rows,
  loading,
  decimals,
  pagination,
  emptyText,
}: {
  rows: DataReportRow[];
  loading: boolean;
  /** Decimals by point name, when known. */
  decimals: Record<string, number> | undefined;
  pagination: TablePaginationConfig;
  emptyText: React.ReactNode;
}) {
  const { t } = useTranslation();
  const na = t('common.na');
  const columns: ColumnsType<DataReportRow> = [
    {
      title: t('dataReport.col.period'),
      dataIndex: 'period',
      width: 120,
      fixed: 'left',
      render: (v: string, row) => (
        <Tooltip title={`${formatTime(row.period_start, na)} – ${formatTime(row.period_end, na)}`}>
          <span>{v}</span>
        </Tooltip>
      ),
    },
    { title: t('dataReport.col.device'), dataIndex: 'device_title', width: 180, ellipsis: true },
    {
      title: t('dataReport.col.point'),
      dataIndex: 'point_title',
      width: 180,
      render: (_v, row) => (
        <span>
          {row.point_title || row.point_name}
          {row.unit ? <Typography.Text type="secondary"> ({row.unit})</Typography.Text> : null}
        </span>
      ),
    },
    {
      title: t('dataReport.col.count'),
      dataIndex: 'count',
      width: 110,
      align: 'right',
      render: (v: number) =>
        v === 0 ? (
          <Tag variant="filled" data-testid="report-no-data">
            {t('dataReport.noData')}
          </Tag>
        ) : (
          v.toLocaleString()
        ),
    },
    ...STATS.map((stat) => ({
      title: t(`dataReport.col.${stat}`),
      dataIndex: stat,
      width: 110,
      align: 'right' as const,
      render: (v: number | null, row: DataReportRow) => formatStat(v, decimals?.[row.point_name]),
    })),
  ];
  return (
    <Table<DataReportRow>
      rowKey={(r) => `${r.period}:${r.device_id}:${r.point_id}`}
      size="middle"
      columns={columns}
      dataSource={rows}
      loading={loading}
      scroll={{ x: 1300 }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> }}
      pagination={pagination}
      data-testid="report-table"
    />
  );
}
