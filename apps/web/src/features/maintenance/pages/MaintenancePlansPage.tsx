import { PlusOutlined } from '@ant-design/icons';
import {
  allowedPlanEvents,
  PLAN_STATUSES,
  type PlanRow,
  type PlanStatus,
  type PlanUserEvent,
} from '@fleet/contracts';
import { App, Button, Popconfirm, Select, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchInput } from '../../../shared/components/SearchInput';
import { tablePagination, useListParams } from '../../../shared/hooks/use-list-params';
import { Permit } from '../../../shared/permission/Permit';
import { usePermission } from '../../../shared/permission/permission';
import { wideTable } from '../../../shared/table/wide-table';
import { ListCard, TableEmpty } from '../../accounts/components/ListCard';
import { formatTime } from '../../devices/lib/labels';
import { useDeletePlan } from '../api/delete-plan';
import { usePlanAction } from '../api/plan-action';
import { usePlans } from '../api/plans';
import { PlanDrawer } from '../plans/PlanDrawer';
import { planRule, planStatusColor } from '../plans/plan-labels';

interface Filters {
  status: number | undefined;
}

/** /maintenance/plan: maintenance plans, their state and next due time; create, edit, start, stop, end, delete. */
export default function MaintenancePlansPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const list = useListParams<Filters>({ status: undefined });
  const plans = usePlans({
    page: list.page,
    limit: list.limit,
    search: list.search,
    status: list.filters.status,
  });
  const action = usePlanAction();
  const remove = useDeletePlan();
  const mayEdit = usePermission('maintenance.Plan/edit');
  const [drawer, setDrawer] = useState<{ id: number | null } | null>(null);
  const na = t('common.na');

  const fire = async (row: PlanRow, event: PlanUserEvent) => {
    const done = await action.mutateAsync({ id: row.id, event }).catch(() => null);
    if (done) void message.success(t('maintenancePlan.done'));
  };

  const columns: ColumnsType<PlanRow> = [
    { title: 'ID', dataIndex: 'id', width: 70 },
    {
      title: t('maintenancePlan.field.name'),
      dataIndex: 'name',
      width: 220,
      render: (v: string, row) => (
        <Button
          type="link"
          style={{ padding: 0 }}
          onClick={() => setDrawer({ id: row.id })}
          data-testid="plan-open"
        >
          {v}
        </Button>
      ),
    },
    {
      title: t('maintenancePlan.field.status'),
      dataIndex: 'status',
      width: 150,
      render: (v: number) => (
        <Tag color={planStatusColor(v)} data-testid="plan-status">
          {t(`maintenancePlan.status.${v}`)}
        </Tag>
      ),
    },
    {
      title: t('maintenancePlan.field.schedule'),
      key: 'rule',
      width: 200,
      render: (_: unknown, row) => (
        <>
          {planRule(t, row)}
          {row.meter_progress !== null && (
            <div style={{ color: 'rgba(0,0,0,0.45)' }}>
              {t('maintenancePlan.progress', { n: Math.round(row.meter_progress * 10) / 10 })}
            </div>
          )}
        </>
      ),
    },
    {
      title: t('maintenancePlan.field.nextDue'),
      dataIndex: 'next_due_at',
      width: 170,
      render: (v: string | null) => formatTime(v, na),
    },
    {
      title: t('maintenancePlan.field.targets'),
      dataIndex: 'targets',
      width: 200,
      render: (v: PlanRow['targets']) => v.map((x) => x.title).join(', '),
    },
    {
      title: t('maintenancePlan.field.planType'),
      dataIndex: 'plan_type',
      width: 120,
      render: (v: number) => t(`maintenancePlan.planType.${v}`),
    },
    {
      title: t('maintenancePlan.field.assignees'),
      dataIndex: 'assignee_names',
      width: 160,
      render: (v: string[]) => v.join(', ') || na,
    },
    { title: t('maintenancePlan.field.orders'), dataIndex: 'orders', width: 110 },
    {
      title: t('maintenancePlan.actions'),
      key: 'actions',
      width: 220,
      fixed: 'right',
      render: (_: unknown, row) => {
        const events = allowedPlanEvents(row.status as PlanStatus, mayEdit ? 'manager' : 'other');
        return (
          <Space size={4} wrap>
            {events.map((event) =>
              event === 'end' ? (
                <Popconfirm
                  key={event}
                  title={t('maintenancePlan.endConfirm')}
                  onConfirm={() => fire(row, event)}
                >
                  <Button size="small" danger data-testid={`plan-${event}`}>
                    {t(`maintenancePlan.event.${event}`)}
                  </Button>
                </Popconfirm>
              ) : (
                <Button
                  key={event}
                  size="small"
                  type={event === 'start' || event === 'resume' ? 'primary' : 'default'}
                  onClick={() => void fire(row, event)}
                  data-testid={`plan-${event}`}
                >
                  {t(`maintenancePlan.event.${event}`)}
                </Button>
              ),
            )}
            {mayEdit && [0, 3, 7].includes(row.status) && (
              <Popconfirm
                title={t('maintenancePlan.deleteConfirm')}
                onConfirm={async () => {
                  const done = await remove
                    .mutateAsync(row.id)
                    .then(() => true)
                    .catch(() => false);
                  if (done) void message.success(t('maintenancePlan.deleted'));
                }}
              >
                <Button size="small" type="link" danger data-testid="plan-delete">
                  {t('maintenancePlan.delete')}
                </Button>
              </Popconfirm>
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <div data-testid="maintenance-plans-page">
      <ListCard
        error={plans.error}
        onRetry={() => void plans.refetch()}
        filters={
          <>
            <SearchInput list={list} placeholder={t('maintenancePlan.search')} width={200} />
            <Select
              allowClear
              style={{ width: 170 }}
              placeholder={t('maintenancePlan.allStatuses')}
              value={list.filters.status}
              onChange={(v) => list.setFilter('status', v)}
              options={PLAN_STATUSES.map((s) => ({ value: s, label: t(`maintenancePlan.status.${s}`) }))}
            />
          </>
        }
        actions={
          <Permit perm="maintenance.Plan/add">
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setDrawer({ id: null })}
              data-testid="plan-create"
            >
              {t('maintenancePlan.create')}
            </Button>
          </Permit>
        }
      >
        <Table<PlanRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={plans.data?.rows ?? []}
          loading={plans.isFetching}
          {...wideTable(columns)}
          locale={{
            emptyText: plans.isPending ? (
              ' '
            ) : (
              <TableEmpty filtered={Boolean(list.search || list.filters.status !== undefined)} />
            ),
          }}
          pagination={tablePagination(list, plans.data?.total ?? 0, (total) =>
            t('maintenance.total', { total }),
          )}
          data-testid="plan-table"
        />
      </ListCard>
      <PlanDrawer id={drawer?.id ?? null} open={drawer !== null} onClose={() => setDrawer(null)} />
    </div>
  );
}
