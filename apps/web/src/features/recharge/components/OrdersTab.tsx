import { ORDER_STATUSES, PAY_MODES, type RechargeOrderRow } from '@fleet/contracts';
import { Button, Flex, Select, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchInput } from '../../../shared/components/SearchInput';
import { TimeRangeFilter } from '../../../shared/components/TimeRangeFilter';
import { tablePagination, useListParams } from '../../../shared/hooks/use-list-params';
import { useCanWrite } from '../../../shared/permission/permission';
import { wideTable } from '../../../shared/table/wide-table';
import { ListCard, TableEmpty } from '../../accounts/components/ListCard';
import { useUserInfo } from '../../auth/api/get-user-info';
import { formatTime } from '../../devices/lib/labels';
import { useOrders } from '../api/list-orders';
import { OrderStatusTag, rangeQuery } from '../lib/labels';
import { yuan } from '../lib/money';
import { RefundModal, refundableOf } from './RefundModal';
import { RefundTags } from './RefundTags';

interface Filters {
  range: [Dayjs, Dayjs] | null;
  status: number | 'all';
  payMode: number | 'all';
}

/** Top-up and credit orders (SPEC 4 order status and pay mode) of the caller and the accounts below. */
export function OrdersTab() {
  const { t } = useTranslation();
  const list = useListParams<Filters>({ range: null, status: 'all', payMode: 'all' });
  const f = list.filters;
  const orders = useOrders({
    page: list.page,
    limit: list.limit,
    ...(f.status !== 'all' ? { status: f.status } : {}),
    ...(f.payMode !== 'all' ? { pay_mode: f.payMode } : {}),
    ...(list.search ? { search: list.search } : {}),
    ...rangeQuery(f.range),
  });
  const na = t('common.na');
  // Refunds are platform management: user type 0 with Others (the server checks the same).
  const me = useUserInfo();
  const canRefund = useCanWrite('Others') && me.data?.user_type === 0;
  const [refunding, setRefunding] = useState<RechargeOrderRow | null>(null);
  const refundable = (r: RechargeOrderRow) =>
    r.status === 1 && (r.pay_mode === 0 || r.pay_mode === 1) && refundableOf(r) > 0;
  const columns: ColumnsType<RechargeOrderRow> = [
    {
      title: t('recharge.common.time'),
      dataIndex: 'created_at',
      width: 180,
      render: (v: string) => formatTime(v, na),
    },
    {
      title: t('recharge.balance.orderNo'),
      dataIndex: 'out_trade_no',
      width: 240,
      render: (v: string) => <Typography.Text copyable>{v}</Typography.Text>,
    },
    { title: t('recharge.balance.user'), dataIndex: 'user_name', width: 140 },
    {
      title: t('recharge.common.amount'),
      dataIndex: 'amount',
      width: 120,
      align: 'right',
      render: (v: number) => yuan(v),
    },
    {
      title: t('recharge.balance.payMode'),
      dataIndex: 'pay_mode',
      width: 120,
      render: (v: number) => t(`recharge.payMode.${v}`, { defaultValue: String(v) }),
    },
    {
      title: t('recharge.common.status'),
      dataIndex: 'status',
      width: 110,
      render: (v: number, r) => (
        <Flex vertical gap={2} align="start">
          <OrderStatusTag status={v} t={t} />
          <RefundTags order={r} />
        </Flex>
      ),
    },
    { title: t('recharge.balance.operator'), dataIndex: 'operator_name', width: 130 },
    { title: t('recharge.balance.note'), dataIndex: 'note', render: (v: string, r) => v || r.failure || na },
    ...(canRefund
      ? [
          {
            title: t('recharge.refund.action'),
            width: 100,
            fixed: 'right' as const,
            render: (_v: unknown, r: RechargeOrderRow) =>
              refundable(r) ? (
                <Button
                  type="link"
                  size="small"
                  danger
                  onClick={() => setRefunding(r)}
                  data-testid={`refund-${r.id}`}
                >
                  {t('recharge.refund.action')}
                </Button>
              ) : null,
          },
        ]
      : []),
  ];
  const filtered = f.status !== 'all' || f.payMode !== 'all' || f.range !== null || list.search !== '';
  return (
    <ListCard
      error={orders.error}
      onRetry={() => void orders.refetch()}
      filters={
        <>
          <TimeRangeFilter
            value={f.range}
            onChange={(r) => list.setFilter('range', r)}
            testId="orders-range"
          />
          <Select
            value={f.status}
            onChange={(v) => list.setFilter('status', v)}
            style={{ width: 130 }}
            options={[
              { value: 'all', label: t('recharge.common.all') },
              ...ORDER_STATUSES.map((s) => ({ value: s, label: t(`recharge.orderStatus.${s}`) })),
            ]}
            aria-label={t('recharge.common.status')}
          />
          <Select
            value={f.payMode}
            onChange={(v) => list.setFilter('payMode', v)}
            style={{ width: 140 }}
            options={[
              { value: 'all', label: t('recharge.common.all') },
              ...PAY_MODES.map((m) => ({ value: m, label: t(`recharge.payMode.${m}`) })),
            ]}
            aria-label={t('recharge.balance.payMode')}
          />
          <SearchInput list={list} placeholder={t('recharge.balance.searchOrders')} testId="orders-search" />
        </>
      }
    >
      <Table<RechargeOrderRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={orders.data?.rows ?? []}
        loading={orders.isFetching}
        {...wideTable(columns)}
        locale={{ emptyText: orders.isPending ? ' ' : <TableEmpty filtered={filtered} /> }}
        pagination={tablePagination(list, orders.data?.total ?? 0, (total) =>
          t('recharge.common.total', { total }),
        )}
        data-testid="orders-table"
      />
      <RefundModal order={refunding} onClose={() => setRefunding(null)} />
    </ListCard>
  );
}
