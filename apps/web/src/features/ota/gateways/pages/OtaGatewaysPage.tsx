import { EditOutlined, PlusOutlined, UserSwitchOutlined } from '@ant-design/icons';
import type { OtaGatewayRow, OtaGatewayType, OtaSimStatus } from '@fleet/contracts';
import { Button, Input, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteAction } from '../../../../shared/components/DeleteAction';
import { SearchInput } from '../../../../shared/components/SearchInput';
import { tablePagination, useDebouncedValue, useListParams } from '../../../../shared/hooks/use-list-params';
import { Permit } from '../../../../shared/permission/Permit';
import { usePermission } from '../../../../shared/permission/permission';
import { wideTable } from '../../../../shared/table/wide-table';
import { ListCard, TableEmpty } from '../../../accounts/components/ListCard';
import { useCollectionOptions } from '../../../device-groups/api/list-collection-options';
import { CollectionSelect } from '../../../device-groups/components/CollectionSelect';
import { useDeleteOtaGateway } from '../api/delete-gateway';
import { useOtaGateways } from '../api/list-gateways';
import { AssignModal } from '../components/AssignModal';
import { GatewayDrawer } from '../components/GatewayDrawer';
import { formatTime, SIM_STATUS_COLOUR, TYPE_KEYS, typeOptions } from '../lib/labels';

interface Filters {
  type?: OtaGatewayType;
  project_id?: number;
  model?: string;
  firmware_version?: string;
}

/** A text filter matched exactly by the server; sent 300 ms after typing stops (SPEC 5). */
function ExactFilter({
  label,
  onChange,
  testId,
}: {
  label: string;
  onChange: (value: string | undefined) => void;
  testId: string;
}) {
  const [text, setText] = useState('');
  const value = useDebouncedValue(text.trim());
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new value is passed on
  useEffect(() => {
    onChange(value || undefined);
  }, [value]);
  return (
    <Input
      allowClear
      value={text}
      onChange={(e) => setText(e.target.value)}
      placeholder={label}
      aria-label={label}
      style={{ width: 150 }}
      data-testid={testId}
    />
  );
}

/** /ota/device: the OTA gateways of my data (docs/api-ota.md GET /ota/gateways). */
export default function OtaGatewaysPage() {
  const { t } = useTranslation();
  const list = useListParams<Filters>({});
  const { type, project_id, model, firmware_version } = list.filters;
  const gateways = useOtaGateways({
    page: list.page,
    limit: list.limit,
    search: list.search,
    ...list.filters,
  });
  const remove = useDeleteOtaGateway();
  // Project names (the row holds the id); the list needs DeviceManage.
  const projects = useCollectionOptions('project', usePermission('DeviceManage'));
  const projectName = new Map((projects.data?.rows ?? []).map((p) => [p.id, p.name]));
  // The accounts a gateway can go to come from the user list (auth.User).
  const canPickUsers = usePermission('auth.User');
  const [drawer, setDrawer] = useState<{ open: boolean; gateway?: OtaGatewayRow }>({ open: false });
  const [assigning, setAssigning] = useState<OtaGatewayRow>();
  const na = t('common.na');
  const filtered = list.search !== '' || Object.values(list.filters).some((v) => v !== undefined);

  const columns: ColumnsType<OtaGatewayRow> = [
    {
      title: 'IMEI',
      dataIndex: 'imei',
      fixed: 'left',
      width: 180,
      render: (v: string) => (
        <Typography.Text copyable strong data-testid="ota-gateway-imei">
          {v}
        </Typography.Text>
      ),
    },
    {
      title: t('otaGateways.col.type'),
      dataIndex: 'type',
      width: 120,
      render: (v: OtaGatewayType) => <Tag color={v === 2 ? 'blue' : 'cyan'}>{t(TYPE_KEYS[v])}</Tag>,
    },
    { title: t('otaGateways.col.model'), dataIndex: 'model', width: 120, render: (v: string) => v || na },
    {
      title: 'ICCID',
      dataIndex: 'iccid',
      width: 200,
      render: (v: string | null) => v ?? <Typography.Text type="secondary">{na}</Typography.Text>,
    },
    {
      title: t('otaGateways.col.simStatus'),
      dataIndex: 'sim_status',
      width: 120,
      render: (v: OtaSimStatus | null, row) =>
        v ? (
          <Tag color={SIM_STATUS_COLOUR[v]} data-testid="ota-gateway-sim-status">
            {t(`otaGateways.simStatus.${v}`)}
          </Tag>
        ) : (
          <Typography.Text type="secondary">{row.iccid ? t('otaGateways.simUnknown') : na}</Typography.Text>
        ),
    },
    {
      title: t('otaGateways.col.firmware'),
      dataIndex: 'firmware_version',
      width: 140,
      render: (v: string, row) =>
        v ? (
          <Tooltip title={t('otaGateways.counter', { counter: row.firmware_counter })}>
            <span>{v}</span>
          </Tooltip>
        ) : (
          <Typography.Text type="secondary">{t('otaGateways.notReported')}</Typography.Text>
        ),
    },
    {
      title: t('otaGateways.col.paramVersion'),
      dataIndex: 'param_version',
      width: 130,
      render: (v: number | null) =>
        v === null ? (
          <Typography.Text type="secondary">{t('otaGateways.notReported')}</Typography.Text>
        ) : (
          `v${v}`
        ),
    },
    {
      title: t('otaGateways.col.defaultPort'),
      dataIndex: 'default_port',
      width: 110,
      render: (v: number | null) => v ?? na,
    },
    {
      title: t('otaGateways.col.serverAddress'),
      dataIndex: 'server_address',
      width: 180,
      ellipsis: true,
      render: (v: string) => v || na,
    },
    {
      title: t('otaGateways.col.pointLimit'),
      dataIndex: 'point_limit',
      width: 110,
      render: (v: number | null) => v ?? t('common.noLimit'),
    },
    {
      title: t('otaGateways.col.project'),
      dataIndex: 'project_id',
      width: 140,
      ellipsis: true,
      render: (v: number | null) => (v === null ? na : (projectName.get(v) ?? `#${v}`)),
    },
    {
      title: t('otaGateways.col.remark'),
      dataIndex: 'remark',
      width: 160,
      ellipsis: true,
      render: (v: string) => v || na,
    },
    {
      title: t('otaGateways.col.created'),
      dataIndex: 'created_at',
      width: 160,
      render: (v: string) => formatTime(v, na),
    },
    {
      title: t('otaGateways.col.actions'),
      key: 'actions',
      fixed: 'right',
      width: 120,
      render: (_v, row) => (
        <Space size={0}>
          <Permit perm="OtaManager">
            <Button
              type="link"
              size="small"
              icon={<EditOutlined />}
              onClick={() => setDrawer({ open: true, gateway: row })}
              title={t('common.edit')}
              aria-label={t('common.edit')}
              data-testid="ota-gateway-edit"
            />
          </Permit>
          {canPickUsers && (
            <Permit perm="OtaManager">
              <Button
                type="link"
                size="small"
                icon={<UserSwitchOutlined />}
                onClick={() => setAssigning(row)}
                title={t('otaGateways.assign.action')}
                aria-label={t('otaGateways.assign.action')}
                data-testid="ota-gateway-assign"
              />
            </Permit>
          )}
          <Permit perm="OtaManager">
            <DeleteAction
              name={row.imei}
              onDelete={() => remove.mutateAsync(row.id)}
              testId="ota-gateway-delete"
            />
          </Permit>
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="ota-gateways-page">
      <ListCard
        error={gateways.error}
        onRetry={() => void gateways.refetch()}
        filters={
          <>
            <SearchInput list={list} placeholder={t('otaGateways.search')} testId="ota-gateways-search" />
            <Select
              allowClear
              placeholder={t('otaGateways.col.type')}
              aria-label={t('otaGateways.col.type')}
              value={type}
              onChange={(v) => list.setFilter('type', v)}
              options={typeOptions(t)}
              style={{ width: 140 }}
              data-testid="ota-gateways-filter-type"
            />
            <CollectionSelect
              kind="project"
              value={project_id}
              onChange={(v) => list.setFilter('project_id', v ?? undefined)}
              style={{ width: 150 }}
              testId="ota-gateways-filter-project"
            />
            <ExactFilter
              label={t('otaGateways.col.model')}
              onChange={(v) => {
                if (v !== model) list.setFilter('model', v);
              }}
              testId="ota-gateways-filter-model"
            />
            <ExactFilter
              label={t('otaGateways.col.firmware')}
              onChange={(v) => {
                if (v !== firmware_version) list.setFilter('firmware_version', v);
              }}
              testId="ota-gateways-filter-firmware"
            />
          </>
        }
        actions={
          <Permit perm="OtaManager">
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setDrawer({ open: true })}
              data-testid="ota-gateway-add"
            >
              {t('otaGateways.add')}
            </Button>
          </Permit>
        }
      >
        <Table<OtaGatewayRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={gateways.data?.rows ?? []}
          loading={gateways.isFetching}
          {...wideTable(columns)}
          locale={{ emptyText: gateways.isPending ? ' ' : <TableEmpty filtered={filtered} /> }}
          pagination={tablePagination(list, gateways.data?.total ?? 0, (total) =>
            t('otaGateways.total', { total }),
          )}
          data-testid="ota-gateways-table"
        />
      </ListCard>
      <GatewayDrawer open={drawer.open} gateway={drawer.gateway} onClose={() => setDrawer({ open: false })} />
      <AssignModal gateway={assigning} onClose={() => setAssigning(undefined)} />
    </div>
  );
}
