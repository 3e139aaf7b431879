import { PlusOutlined } from '@ant-design/icons';
import { WORK_ORDER_STATUSES, WORK_ORDER_TYPES, type WorkOrderRow } from '@fleet/contracts';
import { Button, Segmented, Select, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchInput } from '../../../shared/components/SearchInput';
import { tablePagination, useListParams } from '../../../shared/hooks/use-list-params';
import { Permit } from '../../../shared/permission/Permit';
import { wideTable } from '../../../shared/table/wide-table';
import { ListCard, TableEmpty } from '../../accounts/components/ListCard';
import { formatTime } from '../../devices/lib/labels';
import { useWorkOrders } from '../api/list-work-orders';
import { CreateWorkOrderDrawer } from './CreateWorkOrderDrawer';
import { WorkOrderDrawer } from './WorkOrderDrawer';
import { DueTag, PriorityTag, WorkOrderStatusTag, WorkOrderTypeTag } from './WorkOrderTags';

interface Filters {
  view: '' | 'overdue' | 'due_soon';
  status: number | undefined;
  type: number | undefined;
}

/**
 * The work order list of the work orders page and (with `fixedType` 1) the fault repair page: all,
 * overdue and due-soon views, filters, a create drawer and the detail drawer.
 */
export function WorkOrderTable({ fixedType, testId }: { fixedType?: number; testId: string }) {
  const { t } = useTranslation();
  const list = useListParams<Filters>({ view: '', status: undefined, type: undefined });
  const [openId, setOpenId] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const { view, status, type } = list.filters;
  const orders = useWorkOrders({
    page: list.page,
    limit: list.limit,
    search: list.search,
    view: view || undefined,
    status,
    type: fixedType ?? type,
  });
  const na = t('common.na');
  const filtered = Boolean(list.search || view || status !== undefined || type !== undefined);

  const columns: ColumnsType<WorkOrderRow> = [
    { title: 'ID', dataIndex: 'id', width: 70 },
    {
      title: t('maintenance.field.title'),
      dataIndex: 'title',
      width: 240,
      render: (v: string, row) => (
        <Button
          type="link"
          style={{ padding: 0 }}
          onClick={() => setOpenId(row.id)}
          data-testid="work-order-open"
        >
          {v}
        </Button>
      ),
    },
    {
      title: t('maintenance.field.status'),
      dataIndex: 'status',
      width: 150,
      render: (v: number, row) => (
        <>
          <WorkOrderStatusTag status={v} />
          <DueTag row={row} />
        </>
      ),
    },
    ...(fixedType === undefined
      ? [
          {
            title: t('maintenance.field.type'),
            dataIndex: 'type',
            width: 150,
            render: (v: number) => <WorkOrderTypeTag type={v} />,
          },
        ]
      : []),
    {
      title: t('maintenance.field.priority'),
      dataIndex: 'priority',
      width: 100,
      render: (v: number) => <PriorityTag priority={v} />,
    },
    {
      title: t('maintenance.field.device'),
      dataIndex: 'device_title',
      width: 180,
      render: (v: string | null) => v ?? na,
    },
    {
      title: t('maintenance.field.assignee'),
      dataIndex: 'assignee_name',
      width: 140,
      render: (v: string | null) => v ?? t('maintenance.unassigned'),
    },
    {
      title: t('maintenance.field.dueAt'),
      dataIndex: 'due_at',
      width: 170,
      render: (v: string | null) => formatTime(v, na),
    },
    {
      title: t('maintenance.field.createdAt'),
      dataIndex: 'created_at',
      width: 170,
      render: (v: string) => formatTime(v, na),
    },
  ];

  return (
    <div data-testid={testId}>
      <ListCard
        error={orders.error}
        onRetry={() => void orders.refetch()}
        filters={
          <>
            <Segmented
              value={view}
              onChange={(v) => list.setFilter('view', v as Filters['view'])}
              options={[
                { value: '', label: t('maintenance.views.all') },
                { value: 'overdue', label: t('maintenance.views.overdue') },
                { value: 'due_soon', label: t('maintenance.views.dueSoon') },
              ]}
              data-testid="work-order-view"
            />
            <SearchInput list={list} placeholder={t('maintenance.searchPlaceholder')} width={200} />
            <Select
              allowClear
              style={{ width: 130 }}
              placeholder={t('maintenance.field.status')}
              value={status}
              onChange={(v) => list.setFilter('status', v)}
              options={WORK_ORDER_STATUSES.map((s) => ({ value: s, label: t(`maintenance.status.${s}`) }))}
            />
            {fixedType === undefined && (
              <Select
                allowClear
                style={{ width: 170 }}
                placeholder={t('maintenance.field.type')}
                value={type}
                onChange={(v) => list.setFilter('type', v)}
                options={WORK_ORDER_TYPES.map((s) => ({ value: s, label: t(`maintenance.type.${s}`) }))}
              />
            )}
          </>
        }
        actions={
          <Permit perm="maintenance.WorkOrder/add">
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setCreating(true)}
              data-testid="work-order-create"
            >
              {fixedType === 1 ? t('maintenance.createRepair') : t('maintenance.create')}
            </Button>
          </Permit>
        }
      >
        <Table<WorkOrderRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={orders.data?.rows ?? []}
          loading={orders.isFetching}
          {...wideTable(columns)}
          locale={{ emptyText: orders.isPending ? ' ' : <TableEmpty filtered={filtered} /> }}
          pagination={tablePagination(list, orders.data?.total ?? 0, (total) =>
            t('maintenance.total', { total }),
          )}
          data-testid="work-order-table"
        />
      </ListCard>
      <WorkOrderDrawer id={openId} onClose={() => setOpenId(null)} />
      <CreateWorkOrderDrawer
        open={creating}
        preset={fixedType === undefined ? undefined : { type: fixedType }}
        onClose={() => setCreating(false)}
        onCreated={setOpenId}
      />
    </div>
  );
}
