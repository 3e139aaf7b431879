import { EditOutlined, EyeOutlined, PlusOutlined, SyncOutlined } from '@ant-design/icons';
import { ADMIN_ROLE, type TemplateRow } from '@fleet/contracts';
import { Button, Flex, Segmented, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteAction } from '../../../shared/components/DeleteAction';
import { SearchInput } from '../../../shared/components/SearchInput';
import { tablePagination, useListParams } from '../../../shared/hooks/use-list-params';
import { Permit } from '../../../shared/permission/Permit';
import { PermissionContext, useCanWrite } from '../../../shared/permission/permission';
import { wideTable } from '../../../shared/table/wide-table';
import { ListCard, TableEmpty } from '../../accounts/components/ListCard';
import { useDeleteTemplate } from '../api/delete-template';
import { useTemplates } from '../api/list-templates';
import { TemplateEditor } from '../components/TemplateEditor';
import { TemplateUpdateModal } from '../components/TemplateUpdateModal';
import { templateText } from '../lib/builtin-template';
import { formatTime } from '../lib/labels';

interface Filters {
  kind?: 'device' | 'gateway';
}

/** /device/template: device and gateway templates, the built-in meter catalogue included. */
export default function TemplatesPage() {
  const { t } = useTranslation();
  const list = useListParams<Filters>({});
  const templates = useTemplates({
    page: list.page,
    limit: list.limit,
    search: list.search,
    kind: list.filters.kind,
  });
  const remove = useDeleteTemplate();
  const isAdmin = useContext(PermissionContext)?.roles?.includes(ADMIN_ROLE) === true;
  const mayWrite = useCanWrite();
  const viewOnly = (row: TemplateRow) => !mayWrite || (row.owner_user_id === null && !isAdmin);
  const [editor, setEditor] = useState<{ open: boolean; template?: TemplateRow }>({ open: false });
  const [updating, setUpdating] = useState<TemplateRow>();
  const na = t('common.na');
  const filtered = list.search !== '' || list.filters.kind !== undefined;

  const columns: ColumnsType<TemplateRow> = [
    {
      title: t('devices.template.name'),
      dataIndex: 'name',
      render: (_v: string, row) => (
        <Flex vertical gap={2}>
          <span>
            <Typography.Text strong>{templateText(t, row).name}</Typography.Text>
            {row.builtin && (
              <Tag color="gold" style={{ marginInlineStart: 8 }} data-testid="template-builtin">
                {t('devices.template.builtin')}
              </Tag>
            )}
          </span>
          {row.remark && (
            <Typography.Text
              type="secondary"
              ellipsis={{ tooltip: templateText(t, row).remark }}
              style={{ maxWidth: 420, fontSize: 12 }}
            >
              {templateText(t, row).remark}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: t('devices.template.kind'),
      dataIndex: 'kind',
      width: 150,
      render: (v: string) => (
        <Tag color={v === 'gateway' ? 'blue' : 'cyan'}>{t(`devices.template.kind_${v}`)}</Tag>
      ),
    },
    {
      title: t('devices.template.gatewayProtocol'),
      dataIndex: 'gateway_protocol',
      width: 160,
      render: (v: string | null) => v || na,
    },
    { title: t('devices.template.slaves'), dataIndex: 'slave_count', width: 90 },
    { title: t('devices.template.points'), dataIndex: 'point_count', width: 110 },
    {
      title: t('devices.template.version'),
      dataIndex: 'version',
      width: 170,
      render: (v: number, row) => (
        <>
          v{v}
          {row.outdated_devices > 0 && (
            <Tag color="warning" style={{ marginInlineStart: 8 }}>
              {t('devices.template.outdated', { count: row.outdated_devices })}
            </Tag>
          )}
        </>
      ),
    },
    {
      title: t('devices.template.updated'),
      dataIndex: 'updated_at',
      width: 170,
      render: (v: string) => formatTime(v, na),
    },
    {
      title: t('devices.common.actions'),
      key: 'actions',
      fixed: 'right',
      width: 130,
      render: (_v, row) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            icon={viewOnly(row) ? <EyeOutlined /> : <EditOutlined />}
            onClick={() => setEditor({ open: true, template: row })}
            title={viewOnly(row) ? t('devices.templateEditor.view') : t('devices.common.edit')}
            aria-label={viewOnly(row) ? t('devices.templateEditor.view') : t('devices.common.edit')}
            data-testid="template-edit"
          />
          {row.outdated_devices > 0 && (
            <Button
              type="link"
              size="small"
              icon={<SyncOutlined />}
              onClick={() => setUpdating(row)}
              title={t('devices.templateEditor.updateDevices')}
              aria-label={t('devices.templateEditor.updateDevices')}
              data-testid="template-update-devices"
            />
          )}
          {!row.builtin && !viewOnly(row) && (
            <DeleteAction
              name={row.name}
              onDelete={() => remove.mutateAsync(row.id)}
              testId="template-delete"
            />
          )}
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="templates-page">
      <ListCard
        error={templates.error}
        onRetry={() => void templates.refetch()}
        filters={
          <>
            <Segmented
              value={list.filters.kind ?? 'all'}
              onChange={(v) => list.setFilter('kind', v === 'all' ? undefined : (v as 'device' | 'gateway'))}
              options={[
                { value: 'all', label: t('devices.template.all') },
                { value: 'gateway', label: t('devices.template.kind_gateway') },
                { value: 'device', label: t('devices.template.kind_device') },
              ]}
              data-testid="templates-filter-kind"
            />
            <SearchInput list={list} placeholder={t('devices.template.searchPlaceholder')} />
          </>
        }
        actions={
          <Permit perm="DeviceTemplate" mode="disable">
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditor({ open: true })}
              data-testid="template-add"
            >
              {t('devices.templateEditor.add')}
            </Button>
          </Permit>
        }
      >
        <Table<TemplateRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={templates.data?.rows ?? []}
          loading={templates.isFetching}
          {...wideTable(columns)}
          expandable={{
            rowExpandable: (r) => r.slaves.length > 0 || r.points.length > 0,
            expandedRowRender: (r) => (
              <Typography.Text type="secondary">
                {r.slaves
                  .map((s) => `${s.name} (${s.slave_id}): ${s.points.map((p) => p.name).join(', ')}`)
                  .join(' · ')}
                {r.points.map((p) => p.name).join(', ')}
              </Typography.Text>
            ),
          }}
          locale={{ emptyText: templates.isPending ? ' ' : <TableEmpty filtered={filtered} /> }}
          pagination={tablePagination(list, templates.data?.total ?? 0, (total) =>
            t('devices.common.total', { total }),
          )}
          data-testid="templates-table"
        />
      </ListCard>
      <TemplateEditor
        open={editor.open}
        template={editor.template}
        onClose={() => setEditor((d) => ({ ...d, open: false }))}
        onSaved={(row) => {
          if (row.outdated_devices > 0) setUpdating(row);
        }}
      />
      <TemplateUpdateModal template={updating} onClose={() => setUpdating(undefined)} />
    </div>
  );
}
