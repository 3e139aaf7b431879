import { DownloadOutlined } from '@ant-design/icons';
import { EXPORT_STATUSES, EXPORT_TTL_DAYS, type ExportJobRow, type ExportStatus } from '@fleet/contracts';
import { App, Button, Empty, Select, Space, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../shared/api/client';
import { DeleteAction } from '../../../shared/components/DeleteAction';
import { tablePagination, useListParams } from '../../../shared/hooks/use-list-params';
import { useSettings } from '../../../shared/store/settings';
import { wideTable } from '../../../shared/table/wide-table';
import { ListCard } from '../../accounts/components/ListCard';
import { formatTime } from '../../devices/lib/labels';
import { useDeleteExport } from '../api/delete-export';
import { useDownloadExport } from '../api/download-export';
import { useExports } from '../api/list-exports';
import { ExportStatusTag } from '../components/ExportStatusTag';
import { formatBytes, relativeTime } from '../lib/file-format';

interface Filters {
  status?: ExportStatus;
}

/** /dataCenter/fileDownload (permission ExportFile): the caller's exports, polled while one is running. */
export default function FileDownloadPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const lang = useSettings((s) => s.language);
  const list = useListParams<Filters>({});
  const query = { page: list.page, limit: list.limit, status: list.filters.status };
  const jobs = useExports(query);
  const remover = useDeleteExport();
  const downloader = useDownloadExport();
  const na = t('common.na');

  const download = (row: ExportJobRow) =>
    downloader
      .mutateAsync(row.id)
      .then(() => void message.success(t('fileDownload.downloaded')))
      .catch((error: unknown) => notifyError(error));

  const timeCell = (v: string | null) => formatTime(v, na);

  const columns: ColumnsType<ExportJobRow> = [
    {
      title: t('fileDownload.col.title'),
      dataIndex: 'title',
      width: 260,
      render: (_v, row) => (
        <Space orientation="vertical" size={0}>
          {/* The job's stored title is the kind in the language it was asked in: shown by key instead. */}
          <Typography.Text strong data-testid="export-title">
            {t(`fileDownload.kind.${row.kind}`)}
          </Typography.Text>
          {row.file_name ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {row.file_name}
            </Typography.Text>
          ) : null}
        </Space>
      ),
    },
    {
      title: t('fileDownload.col.status'),
      dataIndex: 'status',
      width: 200,
      render: (_v, row) => <ExportStatusTag job={row} />,
    },
    {
      title: t('fileDownload.col.rows'),
      dataIndex: 'rows',
      width: 100,
      align: 'right',
      render: (v: number) => v.toLocaleString(),
    },
    {
      title: t('fileDownload.col.size'),
      dataIndex: 'size',
      width: 100,
      align: 'right',
      render: (v: number, row) => (row.status === 'done' ? formatBytes(v) : na),
    },
    {
      title: t('fileDownload.col.format'),
      dataIndex: 'format',
      width: 80,
      render: (v: string) => (v ? v.toUpperCase() : na),
    },
    { title: t('fileDownload.col.created'), dataIndex: 'created_at', width: 170, render: timeCell },
    { title: t('fileDownload.col.finished'), dataIndex: 'finished_at', width: 170, render: timeCell },
    {
      title: t('fileDownload.col.expires'),
      dataIndex: 'expires_at',
      width: 170,
      render: (v: string | null) => {
        const rel = relativeTime(v, lang);
        if (!v || !rel) return na;
        return (
          <Tooltip title={formatTime(v, na)}>
            <span data-testid="export-expires">{rel}</span>
          </Tooltip>
        );
      },
    },
    {
      title: t('fileDownload.col.actions'),
      key: 'actions',
      fixed: 'right',
      width: 110,
      render: (_v, row) => (
        <Space size={0}>
          <Tooltip title={t('fileDownload.download')}>
            <Button
              type="link"
              size="small"
              icon={<DownloadOutlined />}
              disabled={row.status !== 'done'}
              loading={downloader.isPending && downloader.variables === row.id}
              onClick={() => void download(row)}
              aria-label={t('fileDownload.download')}
              data-testid={`export-download-${row.id}`}
            />
          </Tooltip>
          <DeleteAction
            name={t('fileDownload.deleteName', { name: row.file_name || row.title })}
            onDelete={() => remover.mutateAsync(row.id)}
            testId={`export-delete-${row.id}`}
          />
        </Space>
      ),
    },
  ];

  const filtered = list.filters.status !== undefined;

  return (
    <div data-testid="file-download-page">
      <ListCard
        error={jobs.error}
        onRetry={() => void jobs.refetch()}
        filters={
          <Select<ExportStatus | undefined>
            allowClear
            style={{ width: 180 }}
            placeholder={t('fileDownload.status.all')}
            aria-label={t('fileDownload.status.all')}
            value={list.filters.status}
            onChange={(v) => list.setFilter('status', v ?? undefined)}
            options={EXPORT_STATUSES.map((s) => ({ value: s, label: t(`fileDownload.status.${s}`) }))}
            data-testid="export-status-filter"
          />
        }
      >
        <Table<ExportJobRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={jobs.data?.rows ?? []}
          loading={jobs.isPending && !jobs.error}
          {...wideTable(columns)}
          locale={{
            emptyText: jobs.isPending ? (
              ' '
            ) : (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={
                  filtered ? (
                    t('fileDownload.empty.filtered')
                  ) : (
                    <Space orientation="vertical" size={4} data-testid="export-empty">
                      <Typography.Text strong>{t('fileDownload.empty.title')}</Typography.Text>
                      <Typography.Text type="secondary">
                        {t('fileDownload.empty.hint', { days: EXPORT_TTL_DAYS })}
                      </Typography.Text>
                    </Space>
                  )
                }
              />
            ),
          }}
          pagination={tablePagination(list, jobs.data?.total ?? 0, (total) =>
            t('fileDownload.total', { total }),
          )}
          data-testid="export-table"
        />
      </ListCard>
    </div>
  );
}
