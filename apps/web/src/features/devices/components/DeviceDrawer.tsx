import type { DeviceCreateBody, DeviceGatewayProtocol, DeviceRow } from '@fleet/contracts';
import { App, Col, Drawer, Form, Input, InputNumber, Row, Segmented, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DrawerFooter } from '../../../shared/components/DrawerFooter';
import { CoordinateFields } from '../../../shared/forms/CoordinateFields';
import { showSaveError } from '../../../shared/forms/server-error';
import { usePermission } from '../../../shared/permission/permission';
import { CollectionSelect } from '../../device-groups/components/CollectionSelect';
import { LocationPicker } from '../../screens/components/LocationPicker';
import { useModels } from '../api/list-models';
import { useSaveDevice } from '../api/save-device';
import { IMEI_PATTERN } from '../lib/imei';
import { GATEWAY_PROTOCOL_OPTIONS, PROTOCOL_OPTIONS } from '../lib/labels';
import { OneTimeCredentials } from './OneTimeCredentials';

interface FormValues {
  device_imei?: string;
  device_sharecode?: string;
  device_title?: string;
  protocol?: number;
  gateway_protocol?: DeviceGatewayProtocol | null;
  model_id?: number | null;
  group_id?: number | null;
  project_id?: number | null;
  company_id?: number | null;
  address?: string;
  lat?: number | null;
  lng?: number | null;
  remark?: string;
  heartbeat?: string;
  heartbeat_interval_s?: number | null;
}

/** docs/api-pipeline.md: a gateway's heartbeat interval when the form leaves it empty. */
const DEFAULT_HEARTBEAT_INTERVAL_S = 120;

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
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const save = useSaveDevice();
  // Without DeviceCompany the company list is unreadable: leave the device's company untouched.
  const canSetCompany = usePermission('DeviceCompany');
  const models = useModels(usePermission('DeviceModel') && open);
  const protocol = Form.useWatch('protocol', form);
  // A new device is registered by IMEI, or an existing one of another account bound by its share code.
  const [mode, setMode] = useState<'imei' | 'share'>('imei');
  const byShare = !device && mode === 'share';
  // Gateways (protocol MODBUS / BDGW) keep a heartbeat packet and interval.
  const isGateway = takesGatewayProtocol(protocol);

  useEffect(() => {
    if (!open) return;
    setMode('imei');
    form.resetFields();
    form.setFieldsValue(
      device
        ? {
            device_imei: device.device_imei,
            device_title: device.device_title,
            protocol: device.protocol,
            gateway_protocol: device.gateway_protocol as DeviceGatewayProtocol | null,
            model_id: device.model_id,
            group_id: device.group_id,
            project_id: device.project_id,
            company_id: device.company_id,
            address: device.address,
            lat: device.lat,
            lng: device.lng,
            remark: device.remark,
            heartbeat: device.heartbeat,
            heartbeat_interval_s: device.heartbeat_interval_s,
          }
        : {
            protocol: 1,
            gateway_protocol: 'Modbus_RTU',
            heartbeat: '',
            heartbeat_interval_s: DEFAULT_HEARTBEAT_INTERVAL_S,
          },
    );
  }, [open, device, form]);

  const bindByShareCode = async () => {
    const v = await form.validateFields(['device_sharecode', 'device_title']);
    const body: DeviceCreateBody = {
      device_sharecode: (v.device_sharecode ?? '').trim(),
      device_title: v.device_title?.trim() || undefined,
    };
    try {
      const row = await save.mutateAsync({ body });
      void message.success(t('devices.share.bound'));
      onSaved?.(row);
      onClose();
    } catch (error) {
      showSaveError(form, error, ['device_sharecode', 'device_title']);
    }
  };

  const submit = async () => {
    if (byShare) return bindByShareCode();
    const v = await form.validateFields();
    const body: DeviceCreateBody = {
      device_title: v.device_title?.trim() || undefined,
      protocol: v.protocol,
      gateway_protocol: takesGatewayProtocol(v.protocol) ? (v.gateway_protocol ?? null) : null,
      model_id: v.model_id ?? null,
      group_id: v.group_id ?? null,
      project_id: v.project_id ?? null,
      ...(canSetCompany ? { company_id: v.company_id ?? null } : {}),
      address: v.address?.trim() ?? '',
      lat: v.lat ?? null,
      lng: v.lng ?? null,
      remark: v.remark?.trim() ?? '',
    };
    if (takesGatewayProtocol(v.protocol)) {
      body.heartbeat = v.heartbeat?.trim() ?? '';
      body.heartbeat_interval_s = v.heartbeat_interval_s ?? DEFAULT_HEARTBEAT_INTERVAL_S;
    }
    if (!device) body.device_imei = v.device_imei?.trim();
    else if (!body.device_title) delete body.device_title;
    try {
      const row = await save.mutateAsync({ id: device?.id, body });
      void message.success(device ? t('devices.common.saved') : t('devices.common.added'));
      // A new device's secrets are shown this once (the platform keeps hashes): in a dialog that
      // outlives the drawer.
      if ('credentials' in row && row.credentials)
        modal.info({
          title: t('devices.cred.createdTitle'),
          width: 640,
          content: <OneTimeCredentials credentials={row.credentials} />,
        });
      onSaved?.(row);
      onClose();
    } catch (error) {
      showSaveError(form, error, (field) => field in form.getFieldsValue(true));
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
        <DrawerFooter
          onCancel={onClose}
          onSave={() => void submit()}
          saving={save.isPending}
          testId="device-form-submit"
        />
      }
    >
      {!device && (
        <Form.Item label={t('devices.share.mode')} layout="vertical">
          <Segmented
            value={mode}
            onChange={(v) => setMode(v as 'imei' | 'share')}
            options={[
              { value: 'imei', label: t('devices.share.byImei') },
              { value: 'share', label: t('devices.share.byShare') },
            ]}
            data-testid="device-form-mode"
          />
        </Form.Item>
      )}
      {byShare ? (
        <Form form={form} layout="vertical" requiredMark>
          <Form.Item
            name="device_sharecode"
            label={t('devices.share.sharecode')}
            extra={t('devices.share.shareHelp')}
            rules={[
              { required: true, whitespace: true, message: t('devices.common.required') },
              { pattern: /^\s*[A-Za-z0-9]{4,32}\s*$/, message: t('devices.share.shareRule') },
            ]}
          >
            <Input maxLength={32} data-testid="device-form-sharecode" />
          </Form.Item>
          <Form.Item name="device_title" label={t('devices.form.title')} rules={[{ max: 64 }]}>
            <Input maxLength={64} data-testid="device-form-title" />
          </Form.Item>
        </Form>
      ) : (
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
              onChange={(id?: number) => {
                // The model's protocols become the form's (the server would otherwise keep the form's).
                const m = models.data?.rows.find((r) => r.id === id);
                if (m?.protocol)
                  form.setFieldsValue({
                    protocol: m.protocol,
                    gateway_protocol: m.gateway_protocol as DeviceGatewayProtocol | null,
                  });
              }}
              data-testid="device-form-model"
            />
          </Form.Item>
          <Row gutter={12}>
            <Col span={8}>
              <Form.Item name="group_id" label={t('deviceGroups.group.label')}>
                <CollectionSelect kind="group" testId="device-form-group" />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="project_id" label={t('deviceGroups.project.label')}>
                <CollectionSelect kind="project" testId="device-form-project" />
              </Form.Item>
            </Col>
            <Col span={8}>
              {canSetCompany && (
                <Form.Item name="company_id" label={t('deviceGroups.company.label')}>
                  <CollectionSelect kind="company" testId="device-form-company" />
                </Form.Item>
              )}
            </Col>
          </Row>
          {isGateway && (
            <Row gutter={12}>
              <Col span={14}>
                <Form.Item
                  name="heartbeat"
                  label={t('devices.heartbeat.content')}
                  extra={t('devices.heartbeat.contentHelp')}
                  rules={[{ max: 130 }]}
                >
                  <Input maxLength={130} data-testid="device-form-heartbeat" />
                </Form.Item>
              </Col>
              <Col span={10}>
                <Form.Item
                  name="heartbeat_interval_s"
                  label={t('devices.heartbeat.interval')}
                  extra={t('devices.heartbeat.intervalHelp')}
                >
                  <InputNumber
                    min={0}
                    max={86400}
                    precision={0}
                    style={{ width: '100%' }}
                    data-testid="device-form-heartbeat-interval"
                  />
                </Form.Item>
              </Col>
            </Row>
          )}
          <Form.Item name="address" label={t('devices.form.address')} rules={[{ max: 200 }]}>
            <Input maxLength={200} />
          </Form.Item>
          <CoordinateFields />
          <LocationPicker />
          <Form.Item name="remark" label={t('devices.form.remark')} rules={[{ max: 500 }]}>
            <Input.TextArea rows={3} maxLength={500} />
          </Form.Item>
        </Form>
      )}
    </Drawer>
  );
}
