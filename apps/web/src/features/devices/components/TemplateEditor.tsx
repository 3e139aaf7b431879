import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  ADMIN_ROLE,
  areaFamilyOf,
  type DeviceGatewayProtocol,
  type TemplateBody,
  type TemplatePoint,
  type TemplateRow,
} from '@fleet/contracts';
import {
  Alert,
  App,
  Button,
  Col,
  Divider,
  Drawer,
  Empty,
  Flex,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Row,
  Segmented,
  Select,
  Tabs,
} from 'antd';
import { useContext, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../shared/api/client';
import { DrawerFooter } from '../../../shared/components/DrawerFooter';
import { fieldErrorOf } from '../../../shared/forms/server-error';
import { PermissionContext } from '../../../shared/permission/permission';
import { useSaveTemplate } from '../api/save-template';
import { templatePointTitle } from '../lib/builtin-template';
import { GATEWAY_PROTOCOL_OPTIONS } from '../lib/labels';
import { nextSlaveId, templateContentProblem } from '../lib/template-form';
import { TemplatePointsTable } from './TemplatePointsTable';

interface HeadValues {
  name?: string;
  kind?: 'device' | 'gateway';
  gateway_protocol?: DeviceGatewayProtocol | null;
  remark?: string;
}

interface EditedSlave {
  name: string;
  slave_id: number;
  points: TemplatePoint[];
}

/**
 * Create / edit a device template (points of the device) or a gateway template (slaves with points).
 * Points use the device page's point editor; nothing is sent before "save". Platform templates open
 * read-only except for the platform administrator. `onSaved` receives the answer (with `outdated_devices`).
 */
export function TemplateEditor({
  open,
  template,
  onClose,
  onSaved,
}: {
  open: boolean;
  template?: TemplateRow;
  onClose: () => void;
  onSaved: (row: TemplateRow) => void;
}) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<HeadValues>();
  const titleOf = (p: TemplatePoint) => templatePointTitle(template, p, i18n.language);
  const save = useSaveTemplate();
  const [slaves, setSlaves] = useState<EditedSlave[]>([]);
  const [points, setPoints] = useState<TemplatePoint[]>([]);
  const [activeSlave, setActiveSlave] = useState('0');
  const [problem, setProblem] = useState<string | null>(null);
  const kind = Form.useWatch('kind', form) ?? template?.kind ?? 'gateway';
  const gatewayProtocol = Form.useWatch('gateway_protocol', form);
  // Platform templates (the meter catalogue included) are changed only by the platform administrator.
  const isAdmin = useContext(PermissionContext)?.roles?.includes(ADMIN_ROLE) === true;
  const readonly = template !== undefined && template.owner_user_id === null && !isAdmin;
  const family = areaFamilyOf(gatewayProtocol ?? null);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      template
        ? {
            name: template.name,
            kind: template.kind,
            gateway_protocol: template.gateway_protocol as DeviceGatewayProtocol | null,
            remark: template.remark,
          }
        : { kind: 'gateway', gateway_protocol: 'Modbus_RTU', remark: '' },
    );
    setSlaves(template ? template.slaves.map((s) => ({ ...s, points: [...s.points] })) : []);
    setPoints(template ? [...template.points] : []);
    setActiveSlave('0');
    setProblem(null);
  }, [open, template, form]);

  const updateSlave = (index: number, patch: Partial<EditedSlave>) =>
    setSlaves((list) => list.map((s, i) => (i === index ? { ...s, ...patch } : s)));

  const addSlave = () => {
    const id = nextSlaveId(slaves);
    setSlaves((list) => [...list, { name: `slave${id}`, slave_id: id, points: [] }]);
    setActiveSlave(String(slaves.length));
  };

  const removeSlave = (index: number) => {
    setSlaves((list) => list.filter((_s, i) => i !== index));
    setActiveSlave('0');
  };

  const submit = async () => {
    const head = await form.validateFields();
    const content = kind === 'gateway' ? { slaves, points: [] } : { slaves: [], points };
    const local = templateContentProblem(content.slaves);
    if (local) {
      setProblem(t(`devices.templateEditor.${local.key}`, local.values));
      return;
    }
    const body: TemplateBody = {
      name: (head.name ?? '').trim(),
      kind,
      remark: head.remark?.trim() ?? '',
      gateway_protocol: head.gateway_protocol ?? null,
      ...content,
    };
    setProblem(null);
    try {
      const row = await save.mutateAsync({ id: template?.id, body });
      void message.success(t('devices.common.saved'));
      onClose();
      onSaved(row);
    } catch (error) {
      const fe = fieldErrorOf(error);
      if (fe && fe.field in form.getFieldsValue(true))
        form.setFields([{ name: fe.field as keyof HeadValues, errors: [fe.message] }]);
      else if (fe) setProblem(`${fe.field}: ${fe.message}`);
      else notifyError(error);
    }
  };

  const title = !template
    ? t('devices.templateEditor.addTitle')
    : t(readonly ? 'devices.templateEditor.viewTitle' : 'devices.templateEditor.editTitle', {
        name: template.name,
      });

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={980}
      title={title}
      destroyOnHidden
      data-testid="template-editor"
      footer={
        <DrawerFooter
          onCancel={onClose}
          onSave={() => void submit()}
          saving={save.isPending}
          testId="template-form-submit"
          canSave={!readonly}
        />
      }
    >
      {readonly && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('devices.templateEditor.builtinReadonly')}
        />
      )}
      <Form form={form} layout="vertical" requiredMark disabled={readonly}>
        <Row gutter={12}>
          <Col span={10}>
            <Form.Item
              name="name"
              label={t('devices.template.name')}
              rules={[
                { required: true, whitespace: true, message: t('devices.common.required') },
                { max: 64 },
              ]}
            >
              <Input maxLength={64} data-testid="template-form-name" />
            </Form.Item>
          </Col>
          <Col span={7}>
            <Form.Item name="kind" label={t('devices.template.kind')}>
              <Segmented
                disabled={readonly || template !== undefined}
                options={(['gateway', 'device'] as const).map((k) => ({
                  value: k,
                  label: t(`devices.template.kind_${k}`),
                }))}
                data-testid="template-form-kind"
              />
            </Form.Item>
          </Col>
          <Col span={7}>
            <Form.Item
              name="gateway_protocol"
              label={t('devices.template.gatewayProtocol')}
              tooltip={t('devices.templateEditor.gatewayProtocolHelp')}
            >
              <Select
                allowClear
                showSearch
                options={GATEWAY_PROTOCOL_OPTIONS}
                data-testid="template-form-gateway"
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="remark" label={t('devices.templateEditor.remark')} rules={[{ max: 500 }]}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Form>
      {problem && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={problem}
          data-testid="template-problem"
        />
      )}
      {kind === 'device' ? (
        <>
          <Divider titlePlacement="start">{t('devices.templateEditor.points')}</Divider>
          <TemplatePointsTable
            points={points}
            family={family}
            readonly={readonly}
            onChange={setPoints}
            titleOf={titleOf}
            testId="template-device-points"
          />
        </>
      ) : (
        <>
          <Divider titlePlacement="start">{t('devices.templateEditor.slaves')}</Divider>
          {slaves.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('devices.templateEditor.noSlaves')}>
              {!readonly && (
                <Button icon={<PlusOutlined />} onClick={addSlave} data-testid="template-slave-add">
                  {t('devices.templateEditor.addSlave')}
                </Button>
              )}
            </Empty>
          ) : (
            <Tabs
              activeKey={activeSlave}
              onChange={setActiveSlave}
              tabBarExtraContent={
                readonly ? null : (
                  <Button
                    size="small"
                    icon={<PlusOutlined />}
                    onClick={addSlave}
                    data-testid="template-slave-add"
                  >
                    {t('devices.templateEditor.addSlave')}
                  </Button>
                )
              }
              items={slaves.map((slave, index) => ({
                key: String(index),
                label: `${slave.name || '?'} (${slave.slave_id})`,
                children: (
                  <Flex vertical gap={8} data-testid="template-slave">
                    <Flex gap={8} align="center" wrap>
                      <Input
                        addonBefore={t('devices.slave.name')}
                        value={slave.name}
                        maxLength={64}
                        disabled={readonly}
                        onChange={(e) => updateSlave(index, { name: e.target.value })}
                        style={{ width: 280 }}
                        data-testid="template-slave-name"
                      />
                      <InputNumber
                        addonBefore={t('devices.slave.slaveId')}
                        value={slave.slave_id}
                        min={1}
                        max={254}
                        precision={0}
                        disabled={readonly}
                        onChange={(v) => updateSlave(index, { slave_id: v ?? 1 })}
                        data-testid="template-slave-id"
                      />
                      {!readonly && (
                        <Popconfirm
                          title={t('devices.templateEditor.removeSlave', { name: slave.name })}
                          okButtonProps={{ danger: true }}
                          onConfirm={() => removeSlave(index)}
                        >
                          <Button danger icon={<DeleteOutlined />} data-testid="template-slave-remove">
                            {t('common.delete')}
                          </Button>
                        </Popconfirm>
                      )}
                    </Flex>
                    <TemplatePointsTable
                      points={slave.points}
                      family={family}
                      readonly={readonly}
                      onChange={(next) => updateSlave(index, { points: next })}
                      titleOf={titleOf}
                      testId="template-slave-points"
                    />
                  </Flex>
                ),
              }))}
            />
          )}
        </>
      )}
    </Drawer>
  );
}
