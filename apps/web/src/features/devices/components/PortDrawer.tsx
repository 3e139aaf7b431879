import { PORT_DEFAULTS, type PortBody, type PortRow } from '@fleet/contracts';
import { App, Col, Drawer, Form, Input, InputNumber, Row, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { DrawerFooter } from '../../../shared/components/DrawerFooter';
import { showSaveError } from '../../../shared/forms/server-error';
import { useSavePort } from '../api/save-port';

/** contracts portBody: the baud rates a port accepts. */
export const BAUD_RATES = [1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200] as const;

type PortValues = Required<PortBody>;

/** Add / edit a port of a gateway (docs/api-devices.md POST, PUT /device/{id}/port). */
export function PortDrawer({
  deviceId,
  port,
  open,
  onClose,
}: {
  deviceId: number;
  port?: PortRow;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<PortValues>();
  const save = useSavePort(deviceId);
  const kind = Form.useWatch('kind', form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(port ? ({ ...port } as PortValues) : ({ ...PORT_DEFAULTS, name: '' } as PortValues));
  }, [open, port, form]);

  const submit = async () => {
    const v = await form.validateFields();
    const body: PortBody = {
      name: v.name.trim(),
      kind: v.kind,
      baud: v.baud,
      data_bits: v.data_bits,
      parity: v.parity,
      stop_bits: v.stop_bits,
      uart_read_ms: v.uart_read_ms,
      poll_interval_s: v.poll_interval_s,
    };
    try {
      await save.mutateAsync({ deviceId, portId: port?.id, body });
      void message.success(port ? t('devices.common.saved') : t('devices.common.added'));
      onClose();
    } catch (error) {
      showSaveError(form, error, (field) => field in v);
    }
  };

  const required = [{ required: true, message: t('devices.common.required') }];
  const choice = <T extends string | number>(values: readonly T[], label: (v: T) => string = String) =>
    values.map((v) => ({ value: v, label: label(v) }));

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={480}
      title={port ? t('devices.port.editTitle', { name: port.name }) : t('devices.port.addTitle')}
      destroyOnHidden
      data-testid="port-drawer"
      footer={
        <DrawerFooter
          onCancel={onClose}
          onSave={() => void submit()}
          saving={save.isPending}
          testId="port-form-submit"
        />
      }
    >
      <Form form={form} layout="vertical" requiredMark>
        <Row gutter={12}>
          <Col span={14}>
            <Form.Item
              name="name"
              label={t('devices.port.name')}
              rules={[...required, { whitespace: true, message: t('devices.common.required') }, { max: 32 }]}
            >
              <Input maxLength={32} data-testid="port-form-name" />
            </Form.Item>
          </Col>
          <Col span={10}>
            <Form.Item name="kind" label={t('devices.port.kind')} rules={required}>
              <Select
                options={choice(['serial', 'tcp'] as const, (k) => t(`devices.port.kind_${k}`))}
                data-testid="port-form-kind"
              />
            </Form.Item>
          </Col>
          {kind !== 'tcp' && (
            <>
              <Col span={12}>
                <Form.Item name="baud" label={t('devices.port.baud')} rules={required}>
                  <Select options={choice(BAUD_RATES)} data-testid="port-form-baud" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="data_bits" label={t('devices.port.dataBits')} rules={required}>
                  <Select options={choice([7, 8] as const)} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="parity" label={t('devices.port.parity')} rules={required}>
                  <Select options={choice(['N', 'O', 'E'] as const, (p) => t(`devices.port.parity_${p}`))} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="stop_bits" label={t('devices.port.stopBits')} rules={required}>
                  <Select options={choice([1, 2] as const)} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="uart_read_ms" label={t('devices.port.uartRead')} rules={required}>
                  <InputNumber min={10} max={2000} precision={0} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
            </>
          )}
          <Col span={12}>
            <Form.Item name="poll_interval_s" label={t('devices.port.pollInterval')} rules={required}>
              <InputNumber
                min={5}
                max={86400}
                precision={0}
                style={{ width: '100%' }}
                data-testid="port-form-poll"
              />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Drawer>
  );
}
