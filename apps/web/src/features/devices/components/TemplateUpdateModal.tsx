import type { TemplateRow } from '@fleet/contracts';
import { Alert, App, Flex, Modal, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../shared/components/LoadError';
import { useApplyTemplate } from '../api/apply-template';
import { useTemplateDevices } from '../api/template-devices';

/**
 * After a template change: the devices built from it (GET .../devices), the outdated ones selected,
 * rebuilt with POST .../apply.
 */
export function TemplateUpdateModal({ template, onClose }: { template?: TemplateRow; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const devices = useTemplateDevices(template?.id);
  const apply = useApplyTemplate();
  const [selected, setSelected] = useState<number[]>([]);
  const rows = devices.data ?? [];
  const outdated = rows.filter((d) => d.outdated).length;

  useEffect(() => {
    setSelected((devices.data ?? []).filter((d) => d.outdated).map((d) => d.id));
  }, [devices.data]);

  const submit = async () => {
    if (!template || selected.length === 0) return;
    try {
      const r = await apply.mutateAsync({ templateId: template.id, deviceIds: selected });
      void message.success(t('devices.templateEditor.updated', r));
      onClose();
    } catch {
      // shown by the client
    }
  };

  return (
    <Modal
      open={template !== undefined}
      onCancel={onClose}
      width={720}
      title={t('devices.templateEditor.updateTitle', { name: template?.name ?? '' })}
      okText={t('devices.templateEditor.updateSubmit', { count: selected.length })}
      cancelText={t('devices.templateEditor.later')}
      okButtonProps={{ disabled: selected.length === 0, 'data-testid': 'template-update-submit' }}
      confirmLoading={apply.isPending}
      onOk={() => void submit()}
      destroyOnHidden
      data-testid="template-update-modal"
    >
      <Flex vertical gap={12}>
        {outdated > 0 && (
          <Alert
            type="warning"
            showIcon
            title={t('devices.templateEditor.updateHint', { count: outdated })}
          />
        )}
        {devices.error ? <LoadError onRetry={() => void devices.refetch()} /> : null}
        <Table
          rowKey="id"
          size="small"
          loading={devices.isFetching}
          dataSource={rows}
          pagination={rows.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
          locale={{ emptyText: devices.isPending ? ' ' : t('devices.templateEditor.noDevices') }}
          columns={[
            {
              title: t('devices.list.title'),
              dataIndex: 'device_title',
              render: (v: string, r) => v || r.device_imei,
            },
            { title: 'IMEI', dataIndex: 'device_imei', width: 180 },
            {
              title: t('devices.templateEditor.deviceVersion'),
              dataIndex: 'template_version',
              width: 200,
              render: (v: number | null, r) => (
                <>
                  {v === null ? '' : `v${v} `}
                  {r.outdated ? (
                    <Tag color="warning">{t('devices.templateEditor.outdatedTag')}</Tag>
                  ) : (
                    <Tag color="success">{t('devices.templateEditor.upToDate')}</Tag>
                  )}
                </>
              ),
            },
          ]}
          data-testid="template-devices-table"
        />
      </Flex>
    </Modal>
  );
}
