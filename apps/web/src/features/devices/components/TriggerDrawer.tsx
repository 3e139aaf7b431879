import { TRIGGER_KINDS, TRIGGER_OPTYPES, type TriggerRow } from '@fleet/contracts';
import { App, Col, Drawer, Form, Input, InputNumber, Row, Segmented, Select, Switch, Tag } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../shared/api/client';
import { DrawerFooter } from '../../../shared/components/DrawerFooter';
import { readableTagStyle } from '../../../shared/components/readable-color';
import { fieldErrorOf } from '../../../shared/forms/server-error';
import { usePermission } from '../../../shared/permission/permission';
import { useAlarmLevelOptions } from '../api/list-alarm-level-options';
import { useTriggerContacts } from '../api/list-trigger-contacts';
import { usePoints } from '../api/points';
import { useSaveTrigger } from '../api/save-trigger';
import {
  formFieldOfServerField,
  formToTriggerInput,
  formToTriggerUpdate,
  kindFields,
  limitInputs,
  newTriggerValues,
  optionLabel,
  type TriggerFormValues,
  triggerFormProblem,
  triggerToForm,
} from '../lib/trigger-form';

/** Form fields a server 10002 may name. */
const FORM_FIELDS = new Set([
  'point_id',
  'title',
  'alarm_type',
  'trigger_optype',
  'lolmt',
  'uplmt',
  'level',
  'deadband',
  'delay_s',
  'stale_s',
  'contact_ids',
]);

/**
 * Add / edit one trigger of a device (POST, PUT /trigger). Kind, device and point are fixed once
 * created; the inputs shown follow the kind and the operator (docs/api-alarms.md "Triggers").
 */
export function TriggerDrawer({
  deviceId,
  open,
  trigger,
  pointId,
  onClose,
}: {
  deviceId: number;
  open: boolean;
  /** Edit this trigger; absent: add one. */
  trigger?: TriggerRow;
  /** Preselected point of a new trigger (the points table's Alarm action). */
  pointId?: number;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<TriggerFormValues>();
  const save = useSaveTrigger(deviceId);
  const points = usePoints(deviceId);
  const levels = useAlarmLevelOptions();
  const canSeeContacts = usePermission('TriggerContact/index');
  const contacts = useTriggerContacts(canSeeContacts && open);
  // Forbidden or failed: the picker is hidden and a save leaves the links as they are.
  const showContacts = canSeeContacts && !contacts.isError;
  const kind = Form.useWatch('kind', form) ?? 'limit';
  const optype = Form.useWatch('trigger_optype', form);
  const uses = kindFields(kind);
  const limits = limitInputs(optype);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(trigger ? triggerToForm(trigger) : newTriggerValues(pointId));
  }, [open, trigger, pointId, form]);

  const submit = async () => {
    await form.validateFields();
    const values = { ...(form.getFieldsValue(true) as TriggerFormValues) };
    if (!showContacts) delete values.contact_ids;
    const problem = triggerFormProblem(values);
    if (problem) {
      form.setFields([{ name: problem.field, errors: [t(`devices.trigger.problem.${problem.key}`)] }]);
      return;
    }
    try {
      if (trigger) await save.mutateAsync({ id: trigger.id, body: formToTriggerUpdate(values) });
      else
        await save.mutateAsync({
          body: { ...formToTriggerInput(deviceId, values), contact_ids: values.contact_ids ?? [] },
        });
      void message.success(trigger ? t('devices.trigger.saved') : t('devices.trigger.added'));
      onClose();
    } catch (error) {
      // 10002 naming a field goes under it (the threshold under a shown limit input); else a toast.
      const fe = fieldErrorOf(error);
      const field = fe ? formFieldOfServerField(fe.field, values.trigger_optype) : null;
      if (fe && field && FORM_FIELDS.has(field))
        form.setFields([{ name: field as keyof TriggerFormValues, errors: [fe.message] }]);
      else notifyError(error);
    }
  };

  const pointOptions = (points.data?.rows ?? []).map((p) => ({
    value: p.id,
    label: `${p.title || p.name} (${p.name})${p.slave_id === null ? '' : ` · #${p.slave_id}`}`,
  }));

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={560}
      title={trigger ? t('devices.trigger.editTitle') : t('devices.trigger.addTitle')}
      destroyOnHidden
      data-testid="trigger-drawer"
      footer={
        <DrawerFooter
          onCancel={onClose}
          onSave={() => void submit()}
          saving={save.isPending}
          testId="trigger-form-submit"
        />
      }
    >
      <Form form={form} layout="vertical" requiredMark="optional" preserve>
        <Form.Item
          name="kind"
          label={t('devices.trigger.kind')}
          extra={t(`devices.trigger.kindHelp.${kind}`)}
        >
          <Segmented
            disabled={Boolean(trigger)}
            options={TRIGGER_KINDS.map((k) => ({ value: k, label: t(`devices.trigger.kinds.${k}`) }))}
            data-testid="trigger-kind"
          />
        </Form.Item>
        {uses.point && (
          <Form.Item
            name="point_id"
            label={t('devices.trigger.point')}
            rules={[{ required: true, message: t('devices.trigger.problem.required') }]}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              disabled={Boolean(trigger)}
              loading={points.isPending}
              options={pointOptions}
              data-testid="trigger-point"
            />
          </Form.Item>
        )}
        <Form.Item name="title" label={t('devices.trigger.title')}>
          <Input
            maxLength={64}
            placeholder={t('devices.trigger.titlePlaceholder')}
            data-testid="trigger-title"
          />
        </Form.Item>
        {uses.condition && (
          <>
            <Row gutter={12}>
              <Col span={12}>
                <Form.Item name="alarm_type" label={t('devices.trigger.alarmType')}>
                  <Select
                    options={[1, 2].map((v) => ({ value: v, label: t(`devices.trigger.alarmTypes.${v}`) }))}
                    data-testid="trigger-alarm-type"
                  />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item
                  name="trigger_optype"
                  label={t('devices.trigger.optype')}
                  rules={[{ required: true, message: t('devices.trigger.problem.required') }]}
                >
                  <Select
                    options={TRIGGER_OPTYPES.map((v) => ({
                      value: v,
                      label: t(`devices.trigger.optypes.${v}`),
                    }))}
                    data-testid="trigger-optype"
                  />
                </Form.Item>
              </Col>
            </Row>
            <Row gutter={12}>
              {limits.lolmt && (
                <Col span={12}>
                  <Form.Item
                    name="lolmt"
                    label={limits.uplmt ? t('devices.trigger.lolmt') : t('devices.trigger.limit')}
                  >
                    <InputNumber style={{ width: '100%' }} data-testid="trigger-lolmt" />
                  </Form.Item>
                </Col>
              )}
              {limits.uplmt && (
                <Col span={12}>
                  <Form.Item
                    name="uplmt"
                    label={limits.lolmt ? t('devices.trigger.uplmt') : t('devices.trigger.limit')}
                  >
                    <InputNumber style={{ width: '100%' }} data-testid="trigger-uplmt" />
                  </Form.Item>
                </Col>
              )}
            </Row>
            <Form.Item
              name="deadband"
              label={t('devices.trigger.deadband')}
              extra={t('devices.trigger.deadbandHelp')}
            >
              <InputNumber min={0} style={{ width: '100%' }} data-testid="trigger-deadband" />
            </Form.Item>
          </>
        )}
        {uses.delay && (
          <Form.Item name="delay_s" label={t('devices.trigger.delay')} extra={t('devices.trigger.delayHelp')}>
            <InputNumber
              min={0}
              max={86_400}
              precision={0}
              style={{ width: '100%' }}
              data-testid="trigger-delay"
            />
          </Form.Item>
        )}
        {uses.stale && (
          <Form.Item
            name="stale_s"
            label={t('devices.trigger.stale')}
            extra={t('devices.trigger.staleHelp')}
            rules={[{ required: true, message: t('devices.trigger.problem.staleMin') }]}
          >
            <InputNumber
              min={1}
              max={86_400}
              precision={0}
              style={{ width: '100%' }}
              data-testid="trigger-stale"
            />
          </Form.Item>
        )}
        <Form.Item name="level" label={t('devices.trigger.level')}>
          <Select
            loading={levels.isPending}
            options={(levels.data ?? []).map((l) => ({
              value: Number(l.value),
              label: (
                <Tag color={l.color} style={readableTagStyle(l.color)}>
                  {optionLabel(l, i18n.language)}
                </Tag>
              ),
            }))}
            data-testid="trigger-level"
          />
        </Form.Item>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item name="enabled" label={t('devices.trigger.enabled')} valuePropName="checked">
              <Switch data-testid="trigger-enabled" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="notify" label={t('devices.trigger.notify')} valuePropName="checked">
              <Switch data-testid="trigger-notify" />
            </Form.Item>
          </Col>
        </Row>
        {showContacts && (
          <Form.Item name="contact_ids" label={t('devices.trigger.contacts')}>
            <Select
              mode="multiple"
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              loading={contacts.isPending}
              notFoundContent={t('devices.trigger.contactsEmpty')}
              options={(contacts.data?.rows ?? []).map((c) => ({
                value: c.id,
                label: c.email ? `${c.name} <${c.email}>` : c.name,
              }))}
              data-testid="trigger-contacts"
            />
          </Form.Item>
        )}
      </Form>
    </Drawer>
  );
}
