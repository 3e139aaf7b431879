import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, InputNumber, Modal, Space, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteAction } from '../../../shared/components/DeleteAction';
import { SearchInput } from '../../../shared/components/SearchInput';
import { tablePagination, useListParams } from '../../../shared/hooks/use-list-params';
import { Permit } from '../../../shared/permission/Permit';
import { useCustomizeList } from '../api/customize';
import { useDeleteCustomize } from '../api/delete-customize';
import { useSaveCustomize } from '../api/save-customize';
import type { Customize, CustomizeBody } from '../api/types';
import { ListCard, TableEmpty } from '../components/ListCard';
import { formatTime } from '../lib/format';
import { isValidDomain, ruleOf } from '../lib/validation';

interface Values {
  domain: string;
  platform_title?: string;
  bigscreen_title?: string;
  owner_user_id?: number | null;
}

const orNull = (v?: string) => (v ?? '').trim() || null;

function CustomizeModal({ open, row, onClose }: { open: boolean; row?: Customize; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useSaveCustomize();
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (row)
      form.setFieldsValue({
        domain: row.domain,
        platform_title: row.platform_title ?? '',
        bigscreen_title: row.bigscreen_title ?? '',
        owner_user_id: row.owner_user_id,
      });
  }, [open, row, form]);

  const onOk = async () => {
    const v = await form.validateFields();
    const body: CustomizeBody = {
      domain: v.domain.trim().toLowerCase(),
      platform_title: orNull(v.platform_title),
      bigscreen_title: orNull(v.bigscreen_title),
      ...(v.owner_user_id ? { owner_user_id: v.owner_user_id } : {}),
    };
    save.mutate(
      { id: row?.id, body },
      {
        onSuccess: () => {
          void message.success(row ? t('accounts.common.edited') : t('accounts.common.added'));
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      title={row ? t('accounts.customize.editTitle') : t('accounts.customize.addTitle')}
      onCancel={onClose}
      onOk={() => void onOk()}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="domain"
          label={t('accounts.customize.domain')}
          rules={[
            { required: true, whitespace: true, message: t('accounts.customize.domainRequired') },
            ruleOf(isValidDomain, t('accounts.customize.domainInvalid')),
          ]}
        >
          <Input placeholder="iot.example.com" data-testid="customize-domain" />
        </Form.Item>
        <Form.Item name="platform_title" label={t('accounts.customize.platformTitle')} rules={[{ max: 128 }]}>
          <Input data-testid="customize-platform-title" />
        </Form.Item>
        <Form.Item
          name="bigscreen_title"
          label={t('accounts.customize.bigscreenTitle')}
          rules={[{ max: 128 }]}
        >
          <Input />
        </Form.Item>
        <Form.Item name="owner_user_id" label={t('accounts.customize.owner')}>
          <InputNumber min={1} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** /user/customize: per-domain platform and big-screen titles (platform only). */
export default function CustomizePage() {
  const { t } = useTranslation();
  const list = useListParams<Record<string, never>>({});
  const rows = useCustomizeList(list.query);
  const remove = useDeleteCustomize();
  const [modal, setModal] = useState<{ open: boolean; row?: Customize }>({ open: false });
  const na = t('common.na');

  return (
    <div data-testid="customize-page">
      <ListCard
        error={rows.error}
        onRetry={() => void rows.refetch()}
        filters={
          <SearchInput list={list} placeholder={t('accounts.customize.searchPlaceholder')} width={260} />
        }
        actions={
          <Permit mode="disable">
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setModal({ open: true })}
              data-testid="customize-add"
            >
              {t('accounts.customize.add')}
            </Button>
          </Permit>
        }
      >
        <Table<Customize>
          rowKey="id"
          size="middle"
          dataSource={rows.data?.rows ?? []}
          loading={rows.isFetching}
          locale={{ emptyText: rows.isPending ? ' ' : <TableEmpty filtered={list.search !== ''} /> }}
          pagination={tablePagination(list, rows.data?.total ?? 0, (total) =>
            t('accounts.common.total', { total }),
          )}
          columns={[
            {
              title: t('accounts.customize.domain'),
              dataIndex: 'domain',
              render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
            },
            {
              title: t('accounts.customize.platformTitle'),
              dataIndex: 'platform_title',
              render: (v) => v || na,
            },
            {
              title: t('accounts.customize.bigscreenTitle'),
              dataIndex: 'bigscreen_title',
              render: (v) => v || na,
            },
            {
              title: t('accounts.customize.ownerUser'),
              dataIndex: 'owner_username',
              render: (v: string | null, row) => (v ? `${v} (#${row.owner_user_id})` : na),
            },
            {
              title: t('accounts.common.createdAt'),
              dataIndex: 'created_at',
              render: (v) => formatTime(v, na),
            },
            {
              title: t('accounts.common.actions'),
              key: 'actions',
              width: 110,
              render: (_v, row) => (
                <Space size={0}>
                  <Button
                    type="link"
                    size="small"
                    icon={<EditOutlined />}
                    onClick={() => setModal({ open: true, row })}
                    aria-label={t('accounts.common.edit')}
                  />
                  <DeleteAction name={row.domain} onDelete={() => remove.mutateAsync(row.id)} />
                </Space>
              ),
            },
          ]}
        />
      </ListCard>
      <CustomizeModal open={modal.open} row={modal.row} onClose={() => setModal({ open: false })} />
    </div>
  );
}
