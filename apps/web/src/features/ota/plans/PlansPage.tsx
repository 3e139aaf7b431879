import { EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { OTA_PLAN_STATES, type OtaPlanRow, type OtaPlanState } from '@fleet/contracts';
import { Button, Empty, Select, Space, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteAction } from '../../../shared/components/DeleteAction';
import { SearchInput } from '../../../shared/components/SearchInput';
import { tablePagination, useListParams } from '../../../shared/hooks/use-list-params';
import { useCanWrite } from '../../../shared/permission/permission';
import { wideTable } from '../../../shared/table/wide-table';
import { ListCard } from '../../accounts/components/ListCard';
import { formatTime } from '../../devices/lib/labels';
import { useDeletePlan } from './api/delete-plan';
import { usePlans } from './api/list-plans';
import { CreatePlanModal } from './components/CreatePlanModal';
import { PlanProgress } from './components/PlanProgress';
import { ProgressBar } from './components/ProgressBar';
import { PlanStateTag } from './components/StateTags';
import { registerOtaPlansBundle } from './i18n';

registerOtaPlansBundle();

interface Filters {
  type?: 1 | 2;
  state?: OtaPlanState;
}

/** /ota/firmware (ota.Plan/index, hidden from the menu): firmware and parameter plans and their rollout. */
export default function PlansPage() {
  const { t } = useTranslation();
  const list = useListParams<Filters>({});
  const plans = usePlans({
    page: list.page,
    limit: list.limit,
    search: list.search || undefined,
    ...list.filters,
  });
  const remover = useDeletePlan();
  const canWrite = useCanWrite('OtaManager');
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<number | null>(null);
  const na = t('common.na');

  const columns: ColumnsType<OtaPlanRow> = [
    {
      title: t('otaPlans.name'),
      dataIndex: 'name',
      width: 220,
      render: (v: string, row) => (
        <Typography.Link onClick={() => setOpen(row.id)} data-testid={`ota-plan-open-${row.id}`}>
          {v}
        </Typography.Link>
      ),
    },
    {
      title: t('otaPlans.type'),
      dataIndex: 'type',
      width: 150,
      render: (v: 1 | 2, row) =>
        `${t(`otaPlans.type${v}`)} ${v === 2 ? (row.application_version ?? '') : `v${row.param_version}`}`,
    },
    {
      title: t('otaPlans.count'),
      dataIndex: 'plan_control_count',
      width: 100,
      align: 'right',
      render: (v: number | null, row) => (row.plan_control_all ? t('otaPlans.na') : v),
    },
    {
      title: t('otaPlans.state'),
      dataIndex: 'state',
      width: 110,
      render: (s: OtaPlanState) => <PlanStateTag state={s} />,
    },
    {
      title: t('otaPlans.progress'),
      key: 'progress',
      width: 220,
      render: (_v, row) => <ProgressBar devices={row.devices} counts={row.counts} />,
    },
    {
      title: t('otaPlans.created'),
      dataIndex: 'created_at',
      width: 170,
      render: (v: string) => formatTime(v, na),
    },
    {
      title: t('otaPlans.finished'),
      dataIndex: 'finished_at',
      width: 170,
      render: (v: string | null) => formatTime(v, na),
    },
    {
      title: t('otaPlans.actions'),
      key: 'actions',
      fixed: 'right',
      width: 110,
      render: (_v, row) => (
        <Space size={0}>
          <Tooltip title={t('otaPlans.open')}>
            <Button
              type="link"
              size="small"
              icon={<EyeOutlined />}
              onClick={() => setOpen(row.id)}
              aria-label={t('otaPlans.open')}
            />
          </Tooltip>
          <DeleteAction
            name={t('otaPlans.deleteName', { name: row.name })}
            disabled={!canWrite || row.state === 'running' || row.state === 'paused'}
            onDelete={() => remover.mutateAsync(row.id)}
            testId={`ota-plan-delete-${row.id}`}
          />
        </Space>
      ),
    },
  ];
  const filtered =
    Boolean(list.search) || list.filters.type !== undefined || list.filters.state !== undefined;

  return (
    <div data-testid="ota-plans-page">
      <ListCard
        error={plans.error}
        onRetry={() => void plans.refetch()}
        filters={
          <>
            <SearchInput list={list} placeholder={t('otaPlans.searchPlaceholder')} testId="ota-plan-search" />
            <Select<1 | 2 | undefined>
              allowClear
              style={{ width: 150 }}
              placeholder={t('otaPlans.allTypes')}
              value={list.filters.type}
              onChange={(v) => list.setFilter('type', v ?? undefined)}
              options={[
                { value: 2, label: t('otaPlans.type2') },
                { value: 1, label: t('otaPlans.type1') },
              ]}
            />
            <Select<OtaPlanState | undefined>
              allowClear
              style={{ width: 150 }}
              placeholder={t('otaPlans.allStates')}
              value={list.filters.state}
              onChange={(v) => list.setFilter('state', v ?? undefined)}
              options={OTA_PLAN_STATES.filter((s) => s !== 'draft').map((s) => ({
                value: s,
                label: t(`otaPlans.planState.${s}`),
              }))}
            />
          </>
        }
        actions={
          canWrite ? (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setCreating(true)}
              data-testid="ota-plan-create"
            >
              {t('otaPlans.create')}
            </Button>
          ) : null
        }
      >
        <Table<OtaPlanRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={plans.data?.rows ?? []}
          loading={plans.isPending && !plans.error}
          {...wideTable(columns)}
          locale={{
            emptyText: plans.isPending ? (
              ' '
            ) : (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={
                  filtered ? (
                    t('otaPlans.emptyFiltered')
                  ) : (
                    <Space orientation="vertical" size={4} data-testid="ota-plan-empty">
                      <Typography.Text strong>{t('otaPlans.emptyTitle')}</Typography.Text>
                      <Typography.Text type="secondary">{t('otaPlans.emptyHint')}</Typography.Text>
                    </Space>
                  )
                }
              />
            ),
          }}
          pagination={tablePagination(list, plans.data?.total ?? 0, (total) =>
            t('otaPlans.total', { total }),
          )}
          data-testid="ota-plan-table"
        />
      </ListCard>
      <CreatePlanModal open={creating} onClose={() => setCreating(false)} onCreated={(id) => setOpen(id)} />
      <PlanProgress id={open} onClose={() => setOpen(null)} />
    </div>
  );
}
