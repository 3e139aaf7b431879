import { UploadOutlined } from '@ant-design/icons';
import type {
  OtaGatewayCreateBody,
  OtaGatewayRow,
  OtaGatewayUpdateBody,
  OtaLineFailure,
} from '@fleet/contracts';
import { OTA_ICCID_RE } from '@fleet/contracts';
import {
  App,
  Button,
  Col,
  Drawer,
  Flex,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Typography,
  Upload,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../../shared/api/client';
import { DrawerFooter } from '../../../../shared/components/DrawerFooter';
import { showSaveError } from '../../../../shared/forms/server-error';
import { CollectionSelect } from '../../../device-groups/components/CollectionSelect';
import { useCreateOtaGateways } from '../api/create-gateways';
import { useUpdateOtaGateway } from '../api/update-gateway';
import { imeiLines, imeisFromFile, typeOptions } from '../lib/labels';
import { lineFailuresOf } from '../lib/line-failures';
import { LineFailures } from './LineFailures';
import { SignalHistory } from './SignalHistory';

interface FormValues {
  imeis?: string;
  iccid?: string;
  type: 1 | 2;
  model?: string;
  default_port?: number | null;
  server_address?: string;
  point_limit?: number | null;
  remark?: string;
  project_id?: number | null;
}

/** Add gateways (several IMEIs, one per line; all or nothing) or edit one (docs/api-ota.md). */
export function GatewayDrawer({
  open,
  gateway,
  onClose,
}: {
  open: boolean;
  gateway?: OtaGatewayRow;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const create = useCreateOtaGateways();
  const update = useUpdateOtaGateway();
  const [failures, setFailures] = useState<{ list: OtaLineFailure[]; lines: string[] } | null>(null);
  const imeis = Form.useWatch('imeis', form) ?? '';
  const lines = imeiLines(imeis);

  useEffect(() => {
    if (!open) return;
    setFailures(null);
    form.resetFields();
    form.setFieldsValue(
      gateway
        ? {
            iccid: gateway.iccid ?? '',
            type: gateway.type,
            model: gateway.model,
            default_port: gateway.default_port,
            server_address: gateway.server_address,
            point_limit: gateway.point_limit,
            remark: gateway.remark,
            project_id: gateway.project_id,
          }
        : { imeis: '', type: 2, model: '', server_address: '', remark: '' },
    );
  }, [open, gateway, form]);

  const common = (v: FormValues) => ({
    type: v.type,
    model: v.model?.trim() ?? '',
    default_port: v.default_port ?? null,
    server_address: v.server_address?.trim() ?? '',
    point_limit: v.point_limit ?? null,
    remark: v.remark?.trim() ?? '',
    project_id: v.project_id ?? null,
  });

  const submit = async () => {
    const v = await form.validateFields();
    setFailures(null);
    try {
      if (gateway) {
        const body: OtaGatewayUpdateBody = { ...common(v), iccid: v.iccid?.trim() || null };
        await update.mutateAsync({ id: gateway.id, body });
        void message.success(t('otaGateways.saved'));
      } else {
        const body: OtaGatewayCreateBody = { ...common(v), imeis: v.imeis ?? '' };
        const result = await create.mutateAsync(body);
        void message.success(t('otaGateways.added', { count: result.created.length }));
      }
      onClose();
    } catch (error) {
      const list = lineFailuresOf(error);
      if (list) setFailures({ list, lines: (v.imeis ?? '').split(/\r?\n/) });
      else showSaveError(form, error, (field) => field in form.getFieldsValue(true));
    }
  };

  const loadFile = (file: File) => {
    file
      .text()
      .then((content) => form.setFieldsValue({ imeis: imeisFromFile(content) }))
      .catch(notifyError);
    return false;
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={600}
      title={gateway ? t('otaGateways.editTitle', { imei: gateway.imei }) : t('otaGateways.addTitle')}
      destroyOnHidden
      data-testid="ota-gateway-drawer"
      footer={
        <DrawerFooter
          onCancel={onClose}
          onSave={() => void submit()}
          saving={create.isPending || update.isPending}
          testId="ota-gateway-submit"
        />
      }
    >
      {gateway && <SignalHistory gatewayId={gateway.id} />}
      <Form form={form} layout="vertical" requiredMark>
        {gateway ? (
          <Form.Item label="IMEI">
            <Input value={gateway.imei} disabled />
          </Form.Item>
        ) : (
          <Form.Item
            name="imeis"
            label={t('otaGateways.form.imeis')}
            extra={
              <Flex justify="space-between" align="center" gap={8} wrap>
                <Typography.Text
                  type={lines.invalid.length ? 'danger' : 'secondary'}
                  data-testid="ota-imei-count"
                >
                  {t('otaGateways.form.imeiCount', { count: lines.count })}
                  {lines.invalid.length > 0 &&
                    ` · ${t('otaGateways.form.imeiRule')}: ${t('otaGateways.form.lines', { lines: lines.invalid.join(', ') })}`}
                </Typography.Text>
                <Upload accept=".txt,.csv" showUploadList={false} beforeUpload={loadFile}>
                  <Button size="small" icon={<UploadOutlined />} data-testid="ota-imei-file">
                    {t('otaGateways.form.fromFile')}
                  </Button>
                </Upload>
              </Flex>
            }
            rules={[{ required: true, whitespace: true, message: t('otaGateways.form.required') }]}
          >
            <Input.TextArea
              rows={6}
              placeholder={t('otaGateways.form.imeisHint')}
              data-testid="ota-gateway-imeis"
            />
          </Form.Item>
        )}
        {failures && (
          <LineFailures
            failures={failures.list}
            values={failures.lines}
            positionLabel={t('otaGateways.failures.line')}
            testId="ota-gateway-failures"
          />
        )}
        {gateway && (
          <Form.Item
            name="iccid"
            label="ICCID"
            extra={t('otaGateways.form.iccidHelp')}
            rules={[{ pattern: OTA_ICCID_RE, message: t('otaGateways.form.iccidRule') }]}
          >
            <Input maxLength={20} data-testid="ota-gateway-iccid" />
          </Form.Item>
        )}
        <Row gutter={12} style={{ marginTop: failures ? 16 : 0 }}>
          <Col span={12}>
            <Form.Item name="type" label={t('otaGateways.col.type')} rules={[{ required: true }]}>
              <Select options={typeOptions(t)} data-testid="ota-gateway-type" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="model" label={t('otaGateways.col.model')} rules={[{ max: 64 }]}>
              <Input maxLength={64} data-testid="ota-gateway-model" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="default_port" label={t('otaGateways.col.defaultPort')}>
              <InputNumber min={1} max={65535} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="point_limit"
              label={t('otaGateways.col.pointLimit')}
              extra={t('otaGateways.form.pointLimitHelp')}
            >
              <InputNumber min={0} max={100000} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="server_address" label={t('otaGateways.col.serverAddress')} rules={[{ max: 255 }]}>
          <Input maxLength={255} placeholder="mqtt.example.com:1883" />
        </Form.Item>
        <Form.Item name="project_id" label={t('otaGateways.col.project')}>
          <CollectionSelect kind="project" testId="ota-gateway-project" />
        </Form.Item>
        <Form.Item name="remark" label={t('otaGateways.col.remark')} rules={[{ max: 500 }]}>
          <Input.TextArea rows={2} maxLength={500} data-testid="ota-gateway-remark" />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
