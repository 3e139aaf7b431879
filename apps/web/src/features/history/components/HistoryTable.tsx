import { DEFAULT_PAGE_SIZE, type HistoryTableRow } from '@fleet/contracts';
import { Empty, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../shared/components/LoadError';
import { tablePagination } from '../../../shared/hooks/use-list-params';
import { formatTime } from '../../devices/lib/labels';
import { useHistoryRows } from '../api/history-rows';
import { rowsQuery, type Window } from '../lib/history-params';
import { type PointMeta, pointLabel, valueView } from '../lib/point-meta';
import { totalText } from '../lib/table-total';

/**
 * The table tab: raw stored values of the picked points, newest first, SPEC paging. Keyed by its query
 * in the page, so a new device, point list or range starts at page 1.
 */
export function HistoryTable({
  pointIds,
  range,
  metas,
}: {
  pointIds: number[];
  range: Window;
  metas: ReadonlyMap<number, PointMeta>;
}) {
  const { t, i18n } = useTranslation();
  const [paging, setPaging] = useState({ page: 1, limit: DEFAULT_PAGE_SIZE });
  const rows = useHistoryRows(rowsQuery(pointIds, range, paging));
  const na = t('common.na');

  const columns: ColumnsType<HistoryTableRow> = [
    { title: t('history.col.time'), dataIndex: 'ts', width: 180, render: (v: string) => formatTime(v, na) },
    {
      title: t('history.col.point'),
      dataIndex: 'point_id',
      render: (id: number) => {
        const meta = metas.get(id);
        if (!meta) return `#${id}`;
        return (
          <span data-testid="history-row-point">
            <Typography.Text>{pointLabel(meta)}</Typography.Text>
            {meta.title && meta.title !== meta.name ? (
              <Typography.Text type="secondary"> ({meta.name})</Typography.Text>
            ) : null}
            {meta.slave_id !== null ? (
              <Typography.Text type="secondary">
                {' '}
                · {t('history.slave', { id: meta.slave_id })}
              </Typography.Text>
            ) : null}
          </span>
        );
      },
    },
    {
      title: t('history.col.value'),
      dataIndex: 'value',
      width: 240,
      render: (value: HistoryTableRow['value'], row) => {
        const view = valueView(value, metas.get(row.point_id));
        if (!view) return na;
        return (
          <span data-testid="history-row-value">
            <Typography.Text strong={view.translated}>{view.text}</Typography.Text>
            {view.translated ? (
              <Typography.Text type="secondary"> ({t('history.raw', { value: view.raw })})</Typography.Text>
            ) : null}
          </span>
        );
      },
    },
    {
      title: t('history.col.unit'),
      key: 'unit',
      width: 120,
      render: (_v, row) => metas.get(row.point_id)?.unit ?? '',
    },
  ];

  const pagination = tablePagination(
    {
      ...paging,
      onPageChange: (page, limit) => setPaging((p) => ({ page: limit === p.limit ? page : 1, limit })),
    },
    rows.data?.total ?? 0,
    (total) => totalText(total, rows.data?.total_capped ?? false, t, i18n.language),
  );

  return (
    <>
      {rows.error ? (
        <LoadError
          onRetry={() => void rows.refetch()}
          testId="history-table-error"
          style={{ marginBottom: 12 }}
        />
      ) : null}
      <Table<HistoryTableRow>
        rowKey={(r) => `${r.point_id}-${r.ts}`}
        size="middle"
        columns={columns}
        dataSource={rows.data?.rows ?? []}
        loading={rows.isFetching}
        scroll={{ x: 760 }}
        locale={{
          emptyText: rows.isPending ? (
            ' '
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('history.noData')} />
          ),
        }}
        pagination={pagination}
        data-testid="history-table"
      />
    </>
  );
}
