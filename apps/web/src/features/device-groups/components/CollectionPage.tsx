import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteAction } from '../../../shared/components/DeleteAction';
import { SearchInput } from '../../../shared/components/SearchInput';
import { tablePagination, useListParams } from '../../../shared/hooks/use-list-params';
import { Permit } from '../../../shared/permission/Permit';
import { useCanWrite } from '../../../shared/permission/permission';
import { wideTable } from '../../../shared/table/wide-table';
import { ListCard, TableEmpty } from '../../accounts/components/ListCard';
import { formatTime } from '../../devices/lib/labels';
import { useDeleteCollection } from '../api/delete-collection';
import { type CollectionRow, useCollection } from '../api/list-collection';
import { COLLECTION_FIELDS, COLLECTION_PERMISSION, type CollectionKind } from '../lib/kinds';
import { CollectionDrawer } from './CollectionDrawer';

/** The list page of groups, projects or companies: search, paging, add / edit / delete. */
export function CollectionPage({ kind }: { kind: CollectionKind }) {
  const { t } = useTranslation();
  const list = useListParams<object>({});
  const rows = useCollection(kind, { page: list.page, limit: list.limit, search: list.search });
  const remove = useDeleteCollection();
  const permission = COLLECTION_PERMISSION[kind];
  const canEdit = useCanWrite(permission);
  const [drawer, setDrawer] = useState<{ open: boolean; row?: CollectionRow }>({ open: false });
  const na = t('common.na');

  const columns: ColumnsType<CollectionRow> = [
    {
      title: t('deviceGroups.name'),
      dataIndex: 'name',
      render: (v: string) => (
        <Typography.Text strong data-testid="collection-name">
          {v}
        </Typography.Text>
      ),
    },
    ...COLLECTION_FIELDS[kind].map((f) => ({
      title: t(`deviceGroups.${f}`),
      dataIndex: f,
      ellipsis: true,
      render: (v?: string) => v || na,
    })),
    { title: t('deviceGroups.devices'), dataIndex: 'device_count', width: 100 },
    { title: t('deviceGroups.remark'), dataIndex: 'remark', ellipsis: true, render: (v: string) => v || na },
    {
      title: t('deviceGroups.created'),
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
            onClick={() => setDrawer({ open: true, row })}
            title={t('devices.common.edit')}
            aria-label={t('devices.common.edit')}
            data-testid="collection-edit"
          />
          <DeleteAction
            name={row.name}
            disabled={!canEdit}
            description={
              row.device_count > 0 ? t('deviceGroups.deleteHint', { count: row.device_count }) : undefined
            }
            onDelete={() => remove.mutateAsync({ kind, id: row.id })}
            testId="collection-delete"
          />
        </Space>
      ),
    },
  ];

  return (
    <div data-testid={`${kind}-page`}>
      <ListCard
        error={rows.error}
        onRetry={() => void rows.refetch()}
        filters={
          <SearchInput
            list={list}
            placeholder={t('deviceGroups.searchPlaceholder')}
            testId="collection-search"
          />
        }
        actions={
          <Permit perm={permission} mode="disable">
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setDrawer({ open: true })}
              data-testid="collection-add"
            >
              {t(`deviceGroups.${kind}.add`)}
            </Button>
          </Permit>
        }
      >
        <Table<CollectionRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={rows.data?.rows ?? []}
          loading={rows.isFetching}
          {...wideTable(columns)}
          locale={{ emptyText: rows.isPending ? ' ' : <TableEmpty filtered={list.search !== ''} /> }}
          pagination={tablePagination(list, rows.data?.total ?? 0, (total) =>
            t('devices.common.total', { total }),
          )}
          data-testid="collection-table"
        />
      </ListCard>
      <CollectionDrawer
        kind={kind}
        row={drawer.row}
        open={drawer.open}
        onClose={() => setDrawer((d) => ({ ...d, open: false }))}
      />
    </div>
  );
}
