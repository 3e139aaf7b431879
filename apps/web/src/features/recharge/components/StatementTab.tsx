import { STATEMENT_KINDS, type StatementRow } from '@fleet/contracts';
import { Segmented, Select, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { TimeRangeFilter } from '../../../shared/components/TimeRangeFilter';
import { tablePagination, useListParams } from '../../../shared/hooks/use-list-params';
import { wideTable } from '../../../shared/table/wide-table';
import { ListCard, TableEmpty } from '../../accounts/components/ListCard';
import { formatTime } from '../../devices/lib/labels';
import { useStatement } from '../api/list-statement';
import { rangeQuery } from '../lib/labels';
import { yuan } from '../lib/money';

interface Filters {
  range: [Dayjs, Dayjs] | null;
  kind: string;
  direction: 'all' | 'in' | 'out';
}

/** The balance's statement: every ledger movement, newest first. */
export function StatementTab() {
  const { t } = useTranslation();
  const list = useListParams<Filters>({ range: null, kind: 'all', direction: 'all' });
  const f = list.filters;
  const statement = useStatement({
    page: list.page,
    limit: list.limit,
    ...(f.kind !== 'all' ? { kind: f.kind } : {}),
    ...(f.direction !== 'all' ? { direction: f.direction } : {}),
    ...rangeQuery(f.range),
  });
  const na = t('common.na');
  const columns: ColumnsType<StatementRow> = [
    {
      title: t('recharge.common.time'),
      dataIndex: 'created_at',
      width: 180,
      render: (v: string) => formatTime(v, na),
    },
    {
      title: t('recharge.balance.kindFilter'),
      dataIndex: 'kind',
      width: 160,
      render: (v: string) => t(`recharge.kind.${v}`, { defaultValue: v }),
    },
    {
      title: t('recharge.common.amount'),
      dataIndex: 'amount',
      width: 140,
      align: 'right',
      render: (v: number) => (
        <Typography.Text type={v < 0 ? 'danger' : 'success'} data-testid="statement-amount">
          {v > 0 ? `+${yuan(v)}` : yuan(v)}
        </Typography.Text>
      ),
    },
    {
      title: t('recharge.common.status'),
      dataIndex: 'status',
      width: 120,
      render: (v: string) => <Tag>{t(`recharge.transferStatus.${v}`, { defaultValue: v })}</Tag>,
    },
    { title: t('recharge.common.reference'), dataIndex: 'reference', render: (v: string) => v || na },
  ];
  return (
    <ListCard
      error={statement.error}
      onRetry={() => void statement.refetch()}
      filters={
        <>
          <TimeRangeFilter
            value={f.range}
            onChange={(r) => list.setFilter('range', r)}
            testId="statement-range"
          />
          <Select
            value={f.kind}
            onChange={(v) => list.setFilter('kind', v)}
            style={{ width: 170 }}
            options={[
              { value: 'all', label: t('recharge.common.all') },
              ...STATEMENT_KINDS.map((k) => ({ value: k, label: t(`recharge.kind.${k}`) })),
            ]}
            aria-label={t('recharge.balance.kindFilter')}
            data-testid="statement-kind"
          />
          <Segmented
            value={f.direction}
            onChange={(v) => list.setFilter('direction', v as Filters['direction'])}
            options={[
              { value: 'all', label: t('recharge.common.all') },
              { value: 'in', label: t('recharge.balance.direction.in') },
              { value: 'out', label: t('recharge.balance.direction.out') },
            ]}
          />
        </>
      }
    >
      <Table<StatementRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={statement.data?.rows ?? []}
        loading={statement.isFetching}
        {...wideTable(columns)}
        locale={{
          emptyText: statement.isPending ? (
            ' '
          ) : (
            <TableEmpty filtered={f.kind !== 'all' || f.direction !== 'all' || f.range !== null} />
          ),
        }}
        pagination={tablePagination(list, statement.data?.total ?? 0, (total) =>
          t('recharge.common.total', { total }),
        )}
        data-testid="statement-table"
      />
    </ListCard>
  );
}
