import type { DeviceGatewayProtocol, ModelBody, ModelRow } from '@fleet/contracts';
import { App, Drawer, Form, Input, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { DrawerFooter } from '../../../shared/components/DrawerFooter';
import { showSaveError } from '../../../shared/forms/server-error';
import { useTemplates } from '../../devices/api/list-templates';
import { takesGatewayProtocol } from '../../devices/components/DeviceDrawer';
import { templateText } from '../../devices/lib/builtin-template';
import { GATEWAY_PROTOCOL_OPTIONS, PROTOCOL_OPTIONS } from '../../devices/lib/labels';
import { useSaveModel } from '../api/save-model';

interface FormValues {
  name?: string;
  protocol?: number | null;
  gateway_protocol?: DeviceGatewayProtocol | null;
  template_id?: number | null;
  remark?: string;
}

/** Add / edit a device model (docs/api-devices.md POST, PUT /device/model). */
export function ModelDrawer({
  open,
  model,
  onClose,
}: {
  open: boolean;
  model?: ModelRow;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const save = useSaveModel();
  const templates = useTemplates({ page: 1, limit: 100, search: '' }, open);
  const protocol = Form.useWatch('protocol', form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      model
        ? {
            name: model.name,
            protocol: model.protocol,
            gateway_protocol: model.gateway_protocol as DeviceGatewayProtocol | null,
            template_id: model.template_id,
            remark: model.remark,
          }
        : { protocol: 1, gateway_protocol: 'Modbus_RTU', template_id: null },
    );
  }, [open, model, form]);

  const submit = async () => {
    const v = await form.validateFields();
    const body: ModelBody = {
      name: (v.name ?? '').trim(),
      protocol: v.protocol ?? null,
      gateway_protocol: takesGatewayProtocol(v.protocol ?? undefined) ? (v.gateway_protocol ?? null) : null,
      template_id: v.template_id ?? null,
      remark: v.remark?.trim() ?? '',
    };
    try {
      await save.mutateAsync({ id: model?.id, body });
      void message.success(model ? t('devices.common.saved') : t('devices.common.added'));
      onClose();
    } catch (error) {
      showSaveError(form, error, (field) => field in form.getFieldsValue(true));
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={520}
      title={model ? t('deviceModels.editTitle', { name: model.name }) : t('deviceModels.addTitle')}
      destroyOnHidden
      data-testid="model-drawer"
      footer={
        <DrawerFooter
          onCancel={onClose}
          onSave={() => void submit()}
          saving={save.isPending}
          testId="model-form-submit"
        />
      }
    >
      <Form form={form} layout="vertical" requiredMark>
        <Form.Item
          name="name"
          label={t('deviceModels.name')}
          rules={[
            { required: true, whitespace: true, message: t('devices.common.required') },
            { max: 64, message: t('deviceModels.nameRule') },
          ]}
        >
          <Input maxLength={64} data-testid="model-form-name" />
        </Form.Item>
        <Form.Item name="protocol" label={t('deviceModels.protocol')}>
          <Select allowClear options={PROTOCOL_OPTIONS} data-testid="model-form-protocol" />
        </Form.Item>
        {takesGatewayProtocol(protocol ?? undefined) && (
          <Form.Item name="gateway_protocol" label={t('deviceModels.gatewayProtocol')}>
            <Select
              allowClear
              showSearch
              options={GATEWAY_PROTOCOL_OPTIONS}
              data-testid="model-form-gateway-protocol"
            />
          </Form.Item>
        )}
        <Form.Item
          name="template_id"
          label={t('deviceModels.template')}
          extra={t('deviceModels.templateHelp')}
        >
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={templates.isFetching}
            options={(templates.data?.rows ?? []).map((tpl) => ({
              value: tpl.id,
              label: `${templateText(t, tpl).name} · ${t(`devices.template.kind_${tpl.kind}`)}`,
            }))}
            data-testid="model-form-template"
          />
        </Form.Item>
        <Form.Item name="remark" label={t('deviceModels.remark')} rules={[{ max: 500 }]}>
          <Input.TextArea rows={3} maxLength={500} data-testid="model-form-remark" />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
