import { DownloadOutlined } from '@ant-design/icons';
import { CONSUME_TYPES, type ConsumptionRow, type Language } from '@fleet/contracts';
import { App, Button, Select, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { TimeRangeFilter } from '../../../shared/components/TimeRangeFilter';
import { tablePagination, useListParams } from '../../../shared/hooks/use-list-params';
import { wideTable } from '../../../shared/table/wide-table';
import { ListCard, TableEmpty } from '../../accounts/components/ListCard';
import { formatTime } from '../../devices/lib/labels';
import { useExportConsumption } from '../api/export-consumption';
import { useConsumption } from '../api/list-consumption';
import { rangeQuery } from '../lib/labels';
import { yuan } from '../lib/money';

interface Filters {
  range: [Dayjs, Dayjs] | null;
  type: number | 'all';
}

const EXPORT_MAX = 10_000;

/** /consumeOrder (Recharge/comsume_record): SMS, voice and SIM renewal consumption, filters, xlsx. */
export default function ConsumeOrderPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const list = useListParams<Filters>({ range: null, type: 'all' });
  const f = list.filters;
  const filter = { ...(f.type !== 'all' ? { consume_type: f.type } : {}), ...rangeQuery(f.range) };
  const records = useConsumption({ page: list.page, limit: list.limit, ...filter });
  const exporter = useExportConsumption();
  const na = t('common.na');
  const columns: ColumnsType<ConsumptionRow> = [
    {
      title: t('recharge.common.time'),
      dataIndex: 'created_at',
      width: 180,
      render: (v: string) => formatTime(v, na),
    },
    {
      title: t('recharge.balance.kindFilter'),
      dataIndex: 'consume_type',
      width: 140,
      render: (v: number) => <Tag data-testid="consume-type">{t(`recharge.consumeType.${v}`)}</Tag>,
    },
    {
      title: t('recharge.common.amount'),
      dataIndex: 'amount',
      width: 140,
      align: 'right',
      render: (v: number, r) => (r.unit === 'cent' ? yuan(v) : `${v} ${t(`recharge.unit.${r.unit}`)}`),
    },
    {
      title: t('recharge.common.status'),
      dataIndex: 'status',
      width: 120,
      render: (v: string) => t(`recharge.transferStatus.${v}`, { defaultValue: v }),
    },
    { title: t('recharge.common.reference'), dataIndex: 'reference', render: (v: string) => v || na },
  ];
  return (
    <div data-testid="consume-page">
      <ListCard
        error={records.error}
        onRetry={() => void records.refetch()}
        filters={
          <>
            <TimeRangeFilter
              value={f.range}
              onChange={(r) => list.setFilter('range', r)}
              testId="consume-range"
            />
            <Select
              value={f.type}
              onChange={(v) => list.setFilter('type', v)}
              style={{ width: 160 }}
              options={[
                { value: 'all', label: t('recharge.common.all') },
                ...CONSUME_TYPES.map((c) => ({ value: c, label: t(`recharge.consumeType.${c}`) })),
              ]}
              aria-label={t('recharge.balance.kindFilter')}
              data-testid="consume-type-filter"
            />
          </>
        }
        actions={
          <Button
            icon={<DownloadOutlined />}
            loading={exporter.isPending}
            onClick={() =>
              exporter.mutate(
                {
                  ...filter,
                  lang: i18n.language as Language,
                  tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
                },
                {
                  onSuccess: ({ truncated }) => {
                    if (truncated)
                      void message.warning(t('recharge.common.exportTruncated', { max: EXPORT_MAX }));
                  },
                },
              )
            }
            data-testid="consume-export"
          >
            {t('recharge.common.export')}
          </Button>
        }
      >
        <Table<ConsumptionRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={records.data?.rows ?? []}
          loading={records.isFetching}
          {...wideTable(columns)}
          locale={{
            emptyText: records.isPending ? (
              ' '
            ) : (
              <TableEmpty filtered={f.type !== 'all' || f.range !== null} />
            ),
          }}
          pagination={tablePagination(list, records.data?.total ?? 0, (total) =>
            t('recharge.common.total', { total }),
          )}
          data-testid="consume-table"
        />
      </ListCard>
    </div>
  );
}
