import { CaretRightOutlined, PauseOutlined, StopOutlined } from '@ant-design/icons';
import { OTA_DEVICE_STATES, type OtaDeviceState, type OtaPlanDeviceRow } from '@fleet/contracts';
import { Alert, Button, Descriptions, Drawer, Popconfirm, Select, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../../shared/components/LoadError';
import { tablePagination, useListParams } from '../../../../shared/hooks/use-list-params';
import { useCanWrite } from '../../../../shared/permission/permission';
import { formatTime } from '../../../devices/lib/labels';
import { formatBytes } from '../../../file-download/lib/file-format';
import { usePlan } from '../api/get-plan';
import { usePlanDevices } from '../api/list-plan-devices';
import { usePlanAction } from '../api/plan-action';
import { ProgressBar } from './ProgressBar';
import { DeviceStateTag, PlanStateTag } from './StateTags';

/** One plan's progress per group and per gateway, refreshed every 2 s while it runs; pause, resume, abort. */
export function PlanProgress({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const plan = usePlan(id);
  const list = useListParams<{ state?: OtaDeviceState; group?: number }>({});
  const live = plan.data?.state === 'running' || plan.data?.state === 'paused';
  const devices = usePlanDevices(id, { page: list.page, limit: list.limit, ...list.filters }, live);
  const act = usePlanAction();
  const canWrite = useCanWrite('OtaManager');
  const [acting, setActing] = useState<string | null>(null);
  const na = t('common.na');
  const p = plan.data;

  const run = (action: 'pause' | 'resume' | 'abort') => {
    if (!p) return;
    setActing(action);
    act.mutate({ id: p.id, action }, { onSettled: () => setActing(null) });
  };

  const columns: ColumnsType<OtaPlanDeviceRow> = [
    { title: t('otaPlans.imei'), dataIndex: 'imei', width: 170 },
    { title: t('otaPlans.group'), dataIndex: 'group', width: 80, render: (g: number) => g + 1 },
    {
      title: t('otaPlans.state'),
      dataIndex: 'state',
      width: 120,
      render: (s: OtaDeviceState) => <DeviceStateTag state={s} />,
    },
    {
      title: t('otaPlans.reason'),
      dataIndex: 'reason',
      width: 200,
      render: (r: string | null, row) =>
        r ? (
          <Typography.Text type="danger" ellipsis={{ tooltip: row.detail ?? r }}>
            {r}
            {row.detail ? ` · ${row.detail}` : ''}
          </Typography.Text>
        ) : (
          ''
        ),
    },
    { title: t('otaPlans.version'), dataIndex: 'version', width: 100, render: (v: string | null) => v ?? '' },
    {
      title: t('otaPlans.bytes'),
      dataIndex: 'bytes',
      width: 100,
      render: (b: number | null) => (b ? formatBytes(b) : ''),
    },
    {
      title: t('otaPlans.updated'),
      dataIndex: 'updated_at',
      width: 170,
      render: (v: string) => formatTime(v, na),
    },
  ];

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={960}
      title={p ? `${p.name}` : t('otaPlans.progress')}
      destroyOnHidden
      extra={
        p && canWrite ? (
          <Space>
            {p.state === 'running' ? (
              <Button
                icon={<PauseOutlined />}
                loading={acting === 'pause'}
                onClick={() => run('pause')}
                data-testid="ota-plan-pause"
              >
                {t('otaPlans.pause')}
              </Button>
            ) : null}
            {p.state === 'paused' ? (
              <Button
                icon={<CaretRightOutlined />}
                loading={acting === 'resume'}
                onClick={() => run('resume')}
                data-testid="ota-plan-resume"
              >
                {t('otaPlans.resume')}
              </Button>
            ) : null}
            {live ? (
              <Popconfirm title={t('otaPlans.abortConfirm', { name: p.name })} onConfirm={() => run('abort')}>
                <Button
                  danger
                  icon={<StopOutlined />}
                  loading={acting === 'abort'}
                  data-testid="ota-plan-abort"
                >
                  {t('otaPlans.abort')}
                </Button>
              </Popconfirm>
            ) : null}
          </Space>
        ) : null
      }
    >
      {plan.error ? <LoadError onRetry={() => void plan.refetch()} /> : null}
      {p ? (
        <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="ota-plan-detail">
          {p.state_reason ? (
            <Alert type="warning" showIcon title={t(`otaPlans.stateReason_${p.state_reason}`)} />
          ) : null}
          <Descriptions size="small" column={3} bordered>
            <Descriptions.Item label={t('otaPlans.state')}>
              <PlanStateTag state={p.state} />
            </Descriptions.Item>
            <Descriptions.Item label={t('otaPlans.type')}>
              {t(`otaPlans.type${p.type}`)}
              {p.type === 2 ? ` ${p.application_version ?? ''}` : ` v${p.param_version}`}
            </Descriptions.Item>
            <Descriptions.Item label={t('otaPlans.count')}>
              {p.plan_control_all ? t('otaPlans.na') : p.plan_control_count}
            </Descriptions.Item>
            <Descriptions.Item label={t('otaPlans.progress')} span={3}>
              <ProgressBar devices={p.devices} counts={p.counts} />
            </Descriptions.Item>
          </Descriptions>
          <Table
            rowKey="group"
            size="small"
            pagination={false}
            dataSource={p.groups}
            data-testid="ota-plan-groups"
            columns={[
              {
                title: t('otaPlans.group'),
                dataIndex: 'group',
                width: 120,
                render: (g: number) => t('otaPlans.groupN', { n: g + 1 }),
              },
              { title: t('otaPlans.devices'), dataIndex: 'devices', width: 100 },
              {
                title: t('otaPlans.progress'),
                key: 'progress',
                render: (_v, g) => <ProgressBar devices={g.devices} counts={g.counts} />,
              },
            ]}
          />
          <Space wrap>
            <Select<OtaDeviceState | undefined>
              allowClear
              style={{ width: 160 }}
              placeholder={t('otaPlans.allStates')}
              value={list.filters.state}
              onChange={(v) => list.setFilter('state', v ?? undefined)}
              options={OTA_DEVICE_STATES.map((s) => ({ value: s, label: t(`otaPlans.deviceState.${s}`) }))}
            />
            <Select<number | undefined>
              allowClear
              style={{ width: 140 }}
              placeholder={t('otaPlans.group')}
              value={list.filters.group}
              onChange={(v) => list.setFilter('group', v ?? undefined)}
              options={p.groups.map((g) => ({
                value: g.group,
                label: t('otaPlans.groupN', { n: g.group + 1 }),
              }))}
            />
          </Space>
          <Table<OtaPlanDeviceRow>
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={devices.data?.rows ?? []}
            loading={devices.isPending}
            scroll={{ x: 940 }}
            pagination={tablePagination(list, devices.data?.total ?? 0, (total) => `${total}`)}
            data-testid="ota-plan-devices"
          />
        </Space>
      ) : null}
    </Drawer>
  );
}
