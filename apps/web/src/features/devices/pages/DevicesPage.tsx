import {
  DeleteOutlined,
  EditOutlined,
  EyeOutlined,
  FormOutlined,
  ImportOutlined,
  PlusOutlined,
  UserSwitchOutlined,
} from '@ant-design/icons';
import type { DeviceRow } from '@fleet/contracts';
import { App, Button, Popconfirm, Segmented, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DeleteAction } from '../../../shared/components/DeleteAction';
import { SearchInput } from '../../../shared/components/SearchInput';
import { tablePagination, useListParams } from '../../../shared/hooks/use-list-params';
import { Permit } from '../../../shared/permission/Permit';
import { usePermission } from '../../../shared/permission/permission';
import { wideTable } from '../../../shared/table/wide-table';
import { ListCard, TableEmpty } from '../../accounts/components/ListCard';
import { CollectionSelect } from '../../device-groups/components/CollectionSelect';
import { ExportButton } from '../../file-download/components/ExportButton';
import { toExportParams } from '../../file-download/lib/export-params';
import { useDeleteDevices } from '../api/delete-devices';
import { useDevices } from '../api/list-devices';
import { BatchUpdateModal } from '../components/BatchUpdateModal';
import { DeviceDrawer } from '../components/DeviceDrawer';
import { ExpiryTag } from '../components/ExpiryTag';
import { ImportModal } from '../components/ImportModal';
import { ReallocationModal } from '../components/ReallocationModal';
import { StatusTag } from '../components/StatusTag';
import { CLASS_COLOUR, formatTime, PROTOCOL_OPTIONS, protocolLabel } from '../lib/labels';
import { type StatusFilter, statusQueryOf } from '../lib/status';

interface Filters {
  statusFilter: StatusFilter;
  protocol?: number;
  group_id?: number;
  project_id?: number;
  company_id?: number;
}

/** /device/manage: the devices I see (docs/api-devices.md GET /device). */
export default function DevicesPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const list = useListParams<Filters>({ statusFilter: 'all' });
  const { statusFilter, protocol, group_id, project_id, company_id } = list.filters;
  const devices = useDevices({
    page: list.page,
    limit: list.limit,
    search: list.search,
    status: statusQueryOf(statusFilter),
    protocol,
    group_id,
    project_id,
    company_id,
  });
  const remove = useDeleteDevices();
  const canSeeCompanies = usePermission('DeviceCompany');
  const [drawer, setDrawer] = useState<{ open: boolean; device?: DeviceRow }>({ open: false });
  const [importing, setImporting] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const [reallocating, setReallocating] = useState<DeviceRow>();
  const [batchOpen, setBatchOpen] = useState(false);
  const na = t('common.na');
  const filtered =
    list.search !== '' ||
    statusFilter !== 'all' ||
    protocol !== undefined ||
    group_id !== undefined ||
    project_id !== undefined ||
    company_id !== undefined;
  const detailPath = (row: DeviceRow) => `/device/detail/${row.id}`;
  const open = (row: DeviceRow) => navigate(detailPath(row));

  const columns: ColumnsType<DeviceRow> = [
    {
      title: t('devices.list.title'),
      dataIndex: 'device_title',
      fixed: 'left',
      width: 180,
      ellipsis: true,
      render: (v: string, row) => (
        // A router link (a real address): reachable by keyboard, and a modified click opens a new tab.
        <Link to={detailPath(row)} data-testid="device-title">
          <Typography.Text strong style={{ color: 'inherit' }}>
            {row.binder_devtitle || v || row.device_imei}
          </Typography.Text>
        </Link>
      ),
    },
    {
      title: t('devices.list.imei'),
      dataIndex: 'device_imei',
      width: 170,
      render: (v: string) => <Typography.Text copyable>{v}</Typography.Text>,
    },
    {
      title: t('devices.list.protocol'),
      dataIndex: 'protocol',
      width: 170,
      render: (v: number, row) => (
        <Space size={4} wrap>
          <span>{protocolLabel(v)}</span>
          {row.gateway_protocol && <Typography.Text type="secondary">{row.gateway_protocol}</Typography.Text>}
        </Space>
      ),
    },
    {
      title: t('devices.list.class'),
      dataIndex: 'device_class',
      width: 90,
      render: (v: string) => (
        <Tag color={CLASS_COLOUR[v]} data-testid="device-class">
          {v}
        </Tag>
      ),
    },
    {
      title: t('devices.list.model'),
      dataIndex: 'device_model',
      width: 140,
      ellipsis: true,
      render: (v: string) => v || na,
    },
    {
      title: t('deviceGroups.group.label'),
      dataIndex: 'group_name',
      width: 120,
      ellipsis: true,
      render: (v: string | null) => v || na,
    },
    {
      title: t('deviceGroups.project.label'),
      dataIndex: 'project_name',
      width: 120,
      ellipsis: true,
      render: (v: string | null) => v || na,
    },
    {
      title: t('devices.list.status'),
      dataIndex: 'status',
      width: 130,
      render: (v: number, row) => (
        <>
          <StatusTag status={v} alarmType={row.alarm_type} />
          <ExpiryTag expireAt={row.expire_at} />
        </>
      ),
    },
    {
      title: t('devices.list.owner'),
      dataIndex: 'owner_username',
      width: 120,
      render: (v: string) => v || na,
    },
    {
      title: t('devices.list.created'),
      dataIndex: 'created_at',
      width: 170,
      render: (v: string) => formatTime(v, na),
    },
    {
      title: t('devices.common.actions'),
      key: 'actions',
      fixed: 'right',
      width: 150,
      render: (_v, row) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            icon={<EyeOutlined />}
            onClick={() => open(row)}
            title={t('devices.list.detail')}
            aria-label={t('devices.list.detail')}
            data-testid="device-open"
          />
          <Permit mode="disable">
            <Button
              type="link"
              size="small"
              icon={<EditOutlined />}
              onClick={() => setDrawer({ open: true, device: row })}
              title={t('devices.common.edit')}
              aria-label={t('devices.common.edit')}
              data-testid="device-edit"
            />
          </Permit>
          {/* Only the owner side reallocates; an assignee would get 403. */}
          {!row.assigned && (
            <Permit perm="DeviceManage" mode="disable">
              <Button
                type="link"
                size="small"
                icon={<UserSwitchOutlined />}
                onClick={() => setReallocating(row)}
                title={t('devices.realloc.action')}
                aria-label={t('devices.realloc.action')}
                data-testid="device-reallocate"
              />
            </Permit>
          )}
          <DeleteAction
            name={row.device_title || row.device_imei}
            onDelete={() =>
              remove.mutateAsync([row.id]).then(() => setSelected((s) => s.filter((id) => id !== row.id)))
            }
            testId="device-delete"
          />
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="devices-page">
      <ListCard
        error={devices.error}
        onRetry={() => void devices.refetch()}
        filters={
          <>
            <Segmented
              value={statusFilter}
              onChange={(v) => list.setFilter('statusFilter', v as StatusFilter)}
              options={(['all', 'normal', 'offline', 'alarm'] as const).map((s) => ({
                value: s,
                label: t(`devices.status.${s}`),
              }))}
              data-testid="devices-filter-status"
            />
            <SearchInput
              list={list}
              placeholder={t('devices.list.searchPlaceholder')}
              testId="devices-search"
            />
            <Select
              allowClear
              placeholder={t('devices.list.protocol')}
              aria-label={t('devices.list.protocol')}
              value={protocol}
              onChange={(v) => list.setFilter('protocol', v)}
              options={PROTOCOL_OPTIONS}
              style={{ width: 140 }}
              data-testid="devices-filter-protocol"
            />
            <CollectionSelect
              kind="group"
              value={group_id}
              onChange={(v) => list.setFilter('group_id', v ?? undefined)}
              style={{ width: 140 }}
              testId="devices-filter-group"
            />
            <CollectionSelect
              kind="project"
              value={project_id}
              onChange={(v) => list.setFilter('project_id', v ?? undefined)}
              style={{ width: 140 }}
              testId="devices-filter-project"
            />
            {canSeeCompanies && (
              <CollectionSelect
                kind="company"
                value={company_id}
                onChange={(v) => list.setFilter('company_id', v ?? undefined)}
                style={{ width: 140 }}
                testId="devices-filter-company"
              />
            )}
          </>
        }
        actions={
          <>
            <Popconfirm
              title={t('devices.list.batchDeleteConfirm', { count: selected.length })}
              okButtonProps={{ danger: true }}
              disabled={selected.length === 0}
              onConfirm={() =>
                remove
                  .mutateAsync(selected)
                  .then(() => {
                    setSelected([]);
                    void message.success(t('common.deleted'));
                  })
                  .catch(() => undefined)
              }
            >
              <Button
                danger
                icon={<DeleteOutlined />}
                disabled={selected.length === 0}
                data-testid="devices-batch-delete"
              >
                {t('devices.list.batchDelete')}
                {selected.length > 0 ? ` (${selected.length})` : ''}
              </Button>
            </Popconfirm>
            <Permit perm="DeviceManage" mode="disable">
              <Button
                icon={<FormOutlined />}
                disabled={selected.length === 0}
                onClick={() => setBatchOpen(true)}
                data-testid="devices-batch-update"
              >
                {t('devices.batch.action')}
                {selected.length > 0 ? ` (${selected.length})` : ''}
              </Button>
            </Permit>
            <ExportButton
              kind="devices"
              params={toExportParams({
                search: list.search,
                status: statusQueryOf(statusFilter),
                protocol,
                group_id,
                project_id,
                company_id,
              })}
            />
            <Permit perm="DeviceManage" mode="disable">
              <Button
                icon={<ImportOutlined />}
                onClick={() => setImporting(true)}
                data-testid="device-import"
              >
                {t('devices.list.import')}
              </Button>
            </Permit>
            <Permit perm="DeviceManage" mode="disable">
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setDrawer({ open: true })}
                data-testid="device-add"
              >
                {t('devices.list.add')}
              </Button>
            </Permit>
          </>
        }
      >
        <Table<DeviceRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={devices.data?.rows ?? []}
          loading={devices.isFetching}
          {...wideTable(columns)}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
          locale={{ emptyText: devices.isPending ? ' ' : <TableEmpty filtered={filtered} /> }}
          pagination={tablePagination(list, devices.data?.total ?? 0, (total) =>
            t('devices.common.total', { total }),
          )}
          data-testid="devices-table"
        />
      </ListCard>
      <DeviceDrawer open={drawer.open} device={drawer.device} onClose={() => setDrawer({ open: false })} />
      <ImportModal open={importing} onClose={() => setImporting(false)} />
      <ReallocationModal device={reallocating} onClose={() => setReallocating(undefined)} />
      <BatchUpdateModal
        ids={selected}
        open={batchOpen}
        onClose={() => setBatchOpen(false)}
        onDone={() => setSelected([])}
      />
    </div>
  );
}
