import type { DeviceCreateBody, DeviceGatewayProtocol, DeviceRow } from '@fleet/contracts';
import { App, Button, Col, Drawer, Form, Input, InputNumber, Row, Select, Space } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../shared/api/client';
import { usePermission } from '../../../shared/permission/permission';
import { useModels } from '../api/list-models';
import { useSaveDevice } from '../api/save-device';
import { IMEI_PATTERN } from '../lib/imei';
import { GATEWAY_PROTOCOL_OPTIONS, PROTOCOL_OPTIONS } from '../lib/labels';
import { fieldErrorOf } from '../lib/server-error';

interface FormValues {
  device_imei?: string;
  device_title?: string;
  protocol?: number;
  gateway_protocol?: DeviceGatewayProtocol | null;
  model_id?: number | null;
  address?: string;
  lat?: number | null;
  lng?: number | null;
  remark?: string;
}

/** Protocols whose devices talk to slaves through a gateway protocol (SPEC 3: DTUGW by protocol). */
export const takesGatewayProtocol = (protocol: number | undefined) => protocol === 1 || protocol === 5;

/** Add / edit a device (docs/api-devices.md POST, PUT /device). */
export function DeviceDrawer({
  open,
  device,
  onClose,
  onSaved,
}: {
  open: boolean;
  device?: DeviceRow;
  onClose: () => void;
  onSaved?: (row: DeviceRow) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const save = useSaveDevice();
  const models = useModels(usePermission('DeviceModel') && open);
  const protocol = Form.useWatch('protocol', form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      device
        ? {
            device_imei: device.device_imei,
            device_title: device.device_title,
            protocol: device.protocol,
            gateway_protocol: device.gateway_protocol as DeviceGatewayProtocol | null,
            model_id: device.model_id,
            address: device.address,
            lat: device.lat,
            lng: device.lng,
            remark: device.remark,
          }
        : { protocol: 1, gateway_protocol: 'Modbus_RTU' },
    );
  }, [open, device, form]);

  const submit = async () => {
    const v = await form.validateFields();
    const body: DeviceCreateBody = {
      device_title: v.device_title?.trim() || undefined,
      protocol: v.protocol,
      gateway_protocol: takesGatewayProtocol(v.protocol) ? (v.gateway_protocol ?? null) : null,
      model_id: v.model_id ?? null,
      address: v.address?.trim() ?? '',
      lat: v.lat ?? null,
      lng: v.lng ?? null,
      remark: v.remark?.trim() ?? '',
    };
    if (!device) body.device_imei = v.device_imei?.trim();
    else if (!body.device_title) delete body.device_title;
    try {
      const row = await save.mutateAsync({ id: device?.id, body });
      void message.success(device ? t('devices.common.saved') : t('devices.common.added'));
      onSaved?.(row);
      onClose();
    } catch (error) {
      const fe = fieldErrorOf(error);
      if (fe && fe.field in form.getFieldsValue(true)) {
        form.setFields([{ name: fe.field as keyof FormValues, errors: [fe.message] }]);
      } else notifyError(error);
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={560}
      title={device ? t('devices.form.editTitle', { name: device.device_title }) : t('devices.form.addTitle')}
      destroyOnHidden
      data-testid="device-drawer"
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button
            type="primary"
            loading={save.isPending}
            onClick={() => void submit()}
            data-testid="device-form-submit"
          >
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" requiredMark>
        <Form.Item
          name="device_imei"
          label={t('devices.form.imei')}
          rules={[
            { required: true, message: t('devices.common.required') },
            { pattern: IMEI_PATTERN, message: t('devices.form.imeiRule') },
          ]}
        >
          <Input disabled={!!device} maxLength={20} data-testid="device-form-imei" />
        </Form.Item>
        <Form.Item name="device_title" label={t('devices.form.title')} rules={[{ max: 64 }]}>
          <Input maxLength={64} data-testid="device-form-title" />
        </Form.Item>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item
              name="protocol"
              label={t('devices.form.protocol')}
              rules={[{ required: true, message: t('devices.common.required') }]}
            >
              <Select options={PROTOCOL_OPTIONS} data-testid="device-form-protocol" />
            </Form.Item>
          </Col>
          <Col span={12}>
            {takesGatewayProtocol(protocol) && (
              <Form.Item name="gateway_protocol" label={t('devices.form.gatewayProtocol')}>
                <Select
                  allowClear
                  showSearch
                  options={GATEWAY_PROTOCOL_OPTIONS}
                  data-testid="device-form-gateway-protocol"
                />
              </Form.Item>
            )}
          </Col>
        </Row>
        <Form.Item name="model_id" label={t('devices.form.model')}>
          <Select
            allowClear
            loading={models.isFetching}
            options={(models.data?.rows ?? []).map((m) => ({ value: m.id, label: m.name }))}
            data-testid="device-form-model"
          />
        </Form.Item>
        <Form.Item name="address" label={t('devices.form.address')} rules={[{ max: 200 }]}>
          <Input maxLength={200} />
        </Form.Item>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item name="lat" label={t('devices.form.lat')}>
              <InputNumber min={-90} max={90} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="lng" label={t('devices.form.lng')}>
              <InputNumber min={-180} max={180} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="remark" label={t('devices.form.remark')} rules={[{ max: 500 }]}>
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
