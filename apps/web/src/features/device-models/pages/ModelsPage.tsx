import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { ModelRow } from '@fleet/contracts';
import { Button, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteAction } from '../../../shared/components/DeleteAction';
import { SearchInput } from '../../../shared/components/SearchInput';
import { tablePagination, useListParams } from '../../../shared/hooks/use-list-params';
import { Permit } from '../../../shared/permission/Permit';
import { useCanWrite, usePermission } from '../../../shared/permission/permission';
import { wideTable } from '../../../shared/table/wide-table';
import { ListCard, TableEmpty } from '../../accounts/components/ListCard';
import { useTemplates } from '../../devices/api/list-templates';
import { templateText } from '../../devices/lib/builtin-template';
import { formatTime, protocolLabel } from '../../devices/lib/labels';
import { useDeleteModel } from '../api/delete-model';
import { useModelPage } from '../api/list-models';
import { ModelDrawer } from '../components/ModelDrawer';

/** /device/model: device models (protocol, gateway protocol and the template new devices get). */
export default function ModelsPage() {
  const { t } = useTranslation();
  const list = useListParams<object>({});
  const models = useModelPage({ page: list.page, limit: list.limit, search: list.search });
  // Template names for the column; quietly empty without DeviceTemplate.
  const templates = useTemplates({ page: 1, limit: 100, search: '' }, usePermission('DeviceTemplate'));
  const remove = useDeleteModel();
  const canEdit = useCanWrite('DeviceModel');
  const [drawer, setDrawer] = useState<{ open: boolean; model?: ModelRow }>({ open: false });
  const na = t('common.na');
  const templateName = (id: number | null) => {
    const row = id === null ? undefined : templates.data?.rows.find((r) => r.id === id);
    return id === null ? na : row ? templateText(t, row).name : `#${id}`;
  };

  const columns: ColumnsType<ModelRow> = [
    {
      title: t('deviceModels.name'),
      dataIndex: 'name',
      render: (v: string, row) => (
        <Space size={4} wrap>
          <Typography.Text strong data-testid="model-name">
            {v}
          </Typography.Text>
          {row.owner_user_id === null && <Tag color="gold">{t('deviceModels.platform')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('deviceModels.protocol'),
      dataIndex: 'protocol',
      width: 200,
      render: (v: number | null, row) =>
        v === null ? (
          na
        ) : (
          <Space size={4} wrap>
            <span>{protocolLabel(v)}</span>
            {row.gateway_protocol && (
              <Typography.Text type="secondary">{row.gateway_protocol}</Typography.Text>
            )}
          </Space>
        ),
    },
    {
      title: t('deviceModels.template'),
      dataIndex: 'template_id',
      width: 220,
      ellipsis: true,
      render: (v: number | null) => templateName(v),
    },
    { title: t('deviceModels.devices'), dataIndex: 'device_count', width: 90 },
    {
      title: t('deviceModels.remark'),
      dataIndex: 'remark',
      ellipsis: true,
      render: (v: string) => v || na,
    },
    {
      title: t('deviceModels.created'),
      dataIndex: 'created_at',
      width: 170,
      render: (v: string) => formatTime(v, na),
    },
    {
      title: t('devices.common.actions'),
      key: 'actions',
      fixed: 'right',
      width: 100,
      render: (_v, row) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            icon={<EditOutlined />}
            disabled={!canEdit}
            onClick={() => setDrawer({ open: true, model: row })}
            title={t('devices.common.edit')}
            aria-label={t('devices.common.edit')}
            data-testid="model-edit"
          />
          <DeleteAction
            name={row.name}
            disabled={!canEdit}
            description={
              row.device_count > 0 ? t('deviceModels.inUse', { count: row.device_count }) : undefined
            }
            onDelete={() => remove.mutateAsync(row.id)}
            testId="model-delete"
          />
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="models-page">
      <ListCard
        error={models.error}
        onRetry={() => void models.refetch()}
        filters={
          <SearchInput list={list} placeholder={t('deviceModels.searchPlaceholder')} testId="models-search" />
        }
        actions={
          <Permit perm="DeviceModel" mode="disable">
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setDrawer({ open: true })}
              data-testid="model-add"
            >
              {t('deviceModels.add')}
            </Button>
          </Permit>
        }
      >
        <Table<ModelRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={models.data?.rows ?? []}
          loading={models.isFetching}
          {...wideTable(columns)}
          locale={{ emptyText: models.isPending ? ' ' : <TableEmpty filtered={list.search !== ''} /> }}
          pagination={tablePagination(list, models.data?.total ?? 0, (total) =>
            t('devices.common.total', { total }),
          )}
          data-testid="models-table"
        />
      </ListCard>
      <ModelDrawer
        open={drawer.open}
        model={drawer.model}
        onClose={() => setDrawer((d) => ({ ...d, open: false }))}
      />
    </div>
  );
}
