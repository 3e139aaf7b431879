import { App, Form, Modal, Segmented, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useApplyGatewayTemplate } from '../api/apply-gateway-template';
import { useTemplates } from '../api/list-templates';
import { templateText } from '../lib/builtin-template';

/** Builds a gateway template's slaves and points on a gateway (POST /device/{id}/slavedevice/batch). */
export function ApplyTemplateModal({
  deviceId,
  open,
  onClose,
}: {
  deviceId: number;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ templateId: number; mode: 'save' | 'update' }>();
  const templates = useTemplates({ page: 1, limit: 100, search: '', kind: 'gateway' }, open);
  const apply = useApplyGatewayTemplate(deviceId);
  const submit = async () => {
    const v = await form.validateFields();
    try {
      const r = await apply.mutateAsync({ deviceId, templateId: v.templateId, mode: v.mode });
      void message.success(t('devices.slave.applied', r));
      onClose();
    } catch {
      // shown by the client
    }
  };
  return (
    <Modal
      open={open}
      title={t('devices.slave.applyTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={apply.isPending}
      okButtonProps={{ 'data-testid': 'apply-template-ok' }}
      destroyOnHidden
      afterClose={() => form.resetFields()}
    >
      <Form form={form} layout="vertical" initialValues={{ mode: 'save' }}>
        <Form.Item
          name="templateId"
          label={t('devices.template.name')}
          rules={[{ required: true, message: t('devices.common.required') }]}
        >
          <Select
            loading={templates.isFetching}
            showSearch
            optionFilterProp="label"
            options={(templates.data?.rows ?? []).map((r) => ({
              value: r.id,
              label: `${templateText(t, r).name} (${r.slave_count} / ${r.point_count})`,
            }))}
            data-testid="apply-template-select"
          />
        </Form.Item>
        <Form.Item name="mode" label={t('devices.slave.applyMode')}>
          <Segmented
            options={[
              { value: 'save', label: t('devices.slave.modeSave') },
              { value: 'update', label: t('devices.slave.modeUpdate') },
            ]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
