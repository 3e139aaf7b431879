import type { ScadaKind } from '@fleet/contracts';
import { App, Form, Input, Modal, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTemplates } from '../../../devices/api/list-templates';
import { useCreateScada } from '../api/create-scada';

interface Values {
  name: string;
  template_id?: number;
}

/** New empty drawing; a template also names the device template whose point names it binds. */
export function CreateModal({
  kind,
  open,
  onClose,
}: {
  kind: ScadaKind;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const create = useCreateScada();
  const templates = useTemplates({ page: 1, limit: 100, search: '' }, open && kind === 'template');

  const submit = async () => {
    const values = await form.validateFields();
    const row = await create
      .mutateAsync({
        kind,
        name: values.name.trim(),
        ...(kind === 'template' ? { template_id: values.template_id } : {}),
      })
      .catch(() => null); // shown by the API client (limit reached, unknown template...)
    if (!row) return;
    void message.success(t('scadaList.created', { name: row.name }));
    form.resetFields();
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t(kind === 'app' ? 'scadaList.createTitleApp' : 'scadaList.createTitleTemplate')}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={create.isPending}
      okButtonProps={{ 'data-testid': 'scada-create-ok' }}
      destroyOnHidden
    >
      <div data-testid="scada-create-modal">
        <Typography.Paragraph type="secondary">
          {t(kind === 'app' ? 'scadaList.createHintApp' : 'scadaList.createHintTemplate')}
        </Typography.Paragraph>
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="name"
            label={t('scadaList.name')}
            rules={[{ required: true, whitespace: true, max: 64, message: t('scadaList.nameRule') }]}
          >
            <Input maxLength={64} autoFocus data-testid="scada-create-name" />
          </Form.Item>
          {kind === 'template' && (
            <Form.Item
              name="template_id"
              label={t('scadaList.deviceTemplate')}
              rules={[{ required: true, message: t('scadaList.deviceTemplateRule') }]}
            >
              <Select
                showSearch
                optionFilterProp="label"
                loading={templates.isFetching}
                placeholder={t('scadaList.deviceTemplatePlaceholder')}
                options={(templates.data?.rows ?? []).map((r) => ({ value: r.id, label: r.name }))}
                data-testid="scada-create-template"
              />
            </Form.Item>
          )}
        </Form>
      </div>
    </Modal>
  );
}
