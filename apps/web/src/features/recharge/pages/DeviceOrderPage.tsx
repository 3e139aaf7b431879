import type { RenewalOrderRow } from '@fleet/contracts';
import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { tablePagination, useListParams } from '../../../shared/hooks/use-list-params';
import { wideTable } from '../../../shared/table/wide-table';
import { ListCard, TableEmpty } from '../../accounts/components/ListCard';
import { formatTime } from '../../devices/lib/labels';
import { useRenewals } from '../api/list-renewals';
import { OrderStatusTag } from '../lib/labels';
import { yuan } from '../lib/money';

/** /deviceOrder (Recharge/renew_record): renewal orders, each with its devices' expiry before and after. */
export default function DeviceOrderPage() {
  const { t } = useTranslation();
  const list = useListParams<Record<string, never>>({});
  const orders = useRenewals({ page: list.page, limit: list.limit });
  const na = t('common.na');
  const columns: ColumnsType<RenewalOrderRow> = [
    {
      title: t('recharge.common.time'),
      dataIndex: 'created_at',
      width: 180,
      render: (v: string) => formatTime(v, na),
    },
    { title: t('recharge.balance.orderNo'), dataIndex: 'order_no', width: 230 },
    { title: t('recharge.balance.user'), dataIndex: 'user_name', width: 130 },
    { title: t('recharge.renew.devices'), dataIndex: 'device_count', width: 100, align: 'right' },
    { title: t('recharge.renew.years'), dataIndex: 'years', width: 90, align: 'right' },
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
      width: 110,
      render: (v: number) => t(`recharge.payMode.${v}`),
    },
    {
      title: t('recharge.common.status'),
      dataIndex: 'fee_status',
      width: 100,
      render: () => <OrderStatusTag status={1} t={t} />,
    },
    { title: t('recharge.balance.operator'), dataIndex: 'operator_name' },
  ];
  return (
    <div data-testid="device-order-page">
      <ListCard error={orders.error} onRetry={() => void orders.refetch()}>
        <Table<RenewalOrderRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={orders.data?.rows ?? []}
          loading={orders.isFetching}
          {...wideTable(columns)}
          expandable={{
            expandedRowRender: (row) => (
              <Table
                rowKey="device_id"
                size="small"
                pagination={false}
                dataSource={row.devices}
                columns={[
                  { title: t('recharge.renew.device'), dataIndex: 'device_title' },
                  { title: 'IMEI', dataIndex: 'device_imei' },
                  {
                    title: t('recharge.renew.before'),
                    dataIndex: 'expire_before',
                    render: (v: string | null) => (v ? formatTime(v, na) : t('recharge.overview.never')),
                  },
                  {
                    title: t('recharge.renew.after'),
                    dataIndex: 'expire_after',
                    render: (v: string) => formatTime(v, na),
                  },
                ]}
              />
            ),
          }}
          locale={{ emptyText: orders.isPending ? ' ' : <TableEmpty filtered={false} /> }}
          pagination={tablePagination(list, orders.data?.total ?? 0, (n) =>
            t('recharge.common.total', { total: n }),
          )}
          data-testid="renewal-table"
        />
      </ListCard>
    </div>
  );
}
