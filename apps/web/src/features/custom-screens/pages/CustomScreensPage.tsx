import { EditOutlined, ExportOutlined, PlusOutlined } from '@ant-design/icons';
import type { CustomScreenRow } from '@fleet/contracts';
import { Button, Form, Input, Modal, Space, Switch, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DeleteAction } from '../../../shared/components/DeleteAction';
import { SearchInput } from '../../../shared/components/SearchInput';
import { tablePagination, useListParams } from '../../../shared/hooks/use-list-params';
import { useCanWrite } from '../../../shared/permission/permission';
import { wideTable } from '../../../shared/table/wide-table';
import { ListCard } from '../../accounts/components/ListCard';
import { formatTime } from '../../devices/lib/labels';
import { useCustomScreenMutations } from '../api/custom-screen-mutations';
import { useCustomScreens } from '../api/custom-screens';
import { ShareCell } from '../components/ShareCell';

/** Who may design, publish and share: CustomScreen/edit, never a read-only account. */
export const CUSTOM_SCREEN_WRITE = 'CustomScreen/edit';

/** Monitoring screens > Custom screens: the list, create, design, publish in the menu, external links. */
export default function CustomScreensPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useListParams({});
  const rows = useCustomScreens(list.query);
  const mayWrite = useCanWrite(CUSTOM_SCREEN_WRITE);
  const { create, update, remove } = useCustomScreenMutations();
  const [creating, setCreating] = useState(false);
  const [form] = Form.useForm<{ name: string }>();

  const columns: ColumnsType<CustomScreenRow> = [
    { title: t('customScreens.columns.name'), dataIndex: 'name', width: 220 },
    { title: t('customScreens.columns.version'), dataIndex: 'version', width: 80 },
    {
      title: t('customScreens.columns.published'),
      dataIndex: 'published',
      width: 130,
      render: (published: boolean, row) => (
        <Switch
          checked={published}
          disabled={!mayWrite}
          loading={update.isPending && update.variables?.id === row.id}
          onChange={(next) => void update.mutateAsync({ id: row.id, published: next }).catch(() => undefined)}
          aria-label={t('customScreens.columns.published')}
          data-testid={`cs-publish-${row.id}`}
        />
      ),
    },
    {
      title: t('customScreens.columns.share'),
      dataIndex: 'shared',
      width: 320,
      render: (_: boolean, row) => <ShareCell row={row} mayWrite={mayWrite} />,
    },
    {
      title: t('customScreens.columns.updated'),
      dataIndex: 'updated_at',
      width: 170,
      render: (v: string) => formatTime(v, '-'),
    },
    {
      title: t('customScreens.columns.actions'),
      key: 'actions',
      width: 260,
      fixed: 'right',
      render: (_, row) => (
        <Space size={4}>
          <Button
            size="small"
            icon={<ExportOutlined />}
            onClick={() => window.open(`/monitorScreen/custom/${row.id}`, '_blank', 'noopener')}
            data-testid={`cs-open-${row.id}`}
          >
            {t('customScreens.open')}
          </Button>
          {mayWrite ? (
            <Button
              size="small"
              icon={<EditOutlined />}
              onClick={() => navigate(`/monitorScreen/design/${row.id}`)}
              data-testid={`cs-design-${row.id}`}
            >
              {t('customScreens.design')}
            </Button>
          ) : null}
          {mayWrite ? (
            <DeleteAction name={row.name} onDelete={() => remove.mutateAsync(row.id)} testId="cs-delete" />
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="cs-list-page">
      <ListCard
        error={rows.error}
        onRetry={() => void rows.refetch()}
        filters={<SearchInput list={list} placeholder={t('customScreens.search')} testId="cs-search" />}
        actions={
          mayWrite ? (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setCreating(true)}
              data-testid="cs-create"
            >
              {t('customScreens.create')}
            </Button>
          ) : null
        }
      >
        <Table<CustomScreenRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={rows.data?.rows ?? []}
          loading={rows.isFetching}
          {...wideTable(columns)}
          pagination={tablePagination(list, rows.data?.total ?? 0, (total) =>
            t('customScreens.total', { total }),
          )}
          data-testid="cs-table"
        />
      </ListCard>
      <Modal
        open={creating}
        title={t('customScreens.create')}
        onCancel={() => setCreating(false)}
        confirmLoading={create.isPending}
        onOk={() =>
          void form
            .validateFields()
            .then(async ({ name }) => {
              const made = await create.mutateAsync({ name });
              setCreating(false);
              form.resetFields();
              navigate(`/monitorScreen/design/${made.id}`);
            })
            .catch(() => undefined)
        }
        destroyOnHidden
        okButtonProps={{ 'data-testid': 'cs-create-ok' } as never}
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="name"
            label={t('customScreens.columns.name')}
            rules={[{ required: true, whitespace: true, max: 64, message: t('customScreens.nameRule') }]}
          >
            <Input maxLength={64} data-testid="cs-create-name" />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
