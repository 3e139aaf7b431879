import {
  Alert,
  App,
  Checkbox,
  ConfigProvider,
  DatePicker,
  Flex,
  Form,
  Input,
  Modal,
  Select,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../shared/api/client';
import { fieldErrorOf } from '../../../shared/forms/server-error';
import { usePermission } from '../../../shared/permission/permission';
import { CollectionSelect } from '../../device-groups/components/CollectionSelect';
import { type BatchUpdate, useBatchUpdateDevices } from '../api/batch-update';
import { useModels } from '../api/list-models';

type Field = 'group_id' | 'project_id' | 'company_id' | 'model_id' | 'remark' | 'expire_at';
const FIELDS: readonly Field[] = ['group_id', 'project_id', 'company_id', 'model_id', 'remark', 'expire_at'];

interface Values {
  group_id?: number | null;
  project_id?: number | null;
  company_id?: number | null;
  model_id?: number | null;
  remark?: string;
  expire_at?: Dayjs | null;
}

/** The update part of POST /device/batch: only the ticked fields, empty selects meaning "none". */
export function batchUpdateOf(values: Values, ticked: ReadonlySet<Field>): BatchUpdate {
  const update: BatchUpdate = {};
  if (ticked.has('group_id')) update.group_id = values.group_id ?? null;
  if (ticked.has('project_id')) update.project_id = values.project_id ?? null;
  if (ticked.has('company_id')) update.company_id = values.company_id ?? null;
  if (ticked.has('model_id')) update.model_id = values.model_id ?? null;
  if (ticked.has('remark')) update.remark = values.remark?.trim() ?? '';
  if (ticked.has('expire_at')) update.expire_at = values.expire_at ? values.expire_at.toISOString() : null;
  return update;
}

/** Change group / project / company / model / remark / expiry of the selected devices at once. */
export function BatchUpdateModal({
  ids,
  open,
  onClose,
  onDone,
}: {
  ids: number[];
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [ticked, setTicked] = useState<Set<Field>>(new Set());
  const [problem, setProblem] = useState<string | null>(null);
  const update = useBatchUpdateDevices();
  const models = useModels(usePermission('DeviceModel') && open);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setTicked(new Set());
    setProblem(null);
  }, [open, form]);

  const tick = (field: Field, on: boolean) =>
    setTicked((s) => {
      const next = new Set(s);
      if (on) next.add(field);
      else next.delete(field);
      return next;
    });

  const submit = async () => {
    if (ticked.size === 0) {
      setProblem(t('devices.batch.nothing'));
      return;
    }
    const values = form.getFieldsValue(true) as Values;
    try {
      const r = await update.mutateAsync({ ids, update: batchUpdateOf(values, ticked) });
      void message.success(t('devices.batch.updated', { count: r.updated }));
      onDone();
      onClose();
    } catch (error) {
      const fe = fieldErrorOf(error);
      if (fe) setProblem(`${fe.field}: ${fe.message}`);
      else notifyError(error);
    }
  };

  const inputs: Record<Field, { label: string; input: ReactNode }> = {
    group_id: {
      label: t('deviceGroups.group.label'),
      input: <CollectionSelect kind="group" testId="batch-group" />,
    },
    project_id: {
      label: t('deviceGroups.project.label'),
      input: <CollectionSelect kind="project" testId="batch-project" />,
    },
    company_id: {
      label: t('deviceGroups.company.label'),
      input: <CollectionSelect kind="company" testId="batch-company" />,
    },
    model_id: {
      label: t('devices.batch.model'),
      input: (
        <Select
          allowClear
          options={(models.data?.rows ?? []).map((m) => ({ value: m.id, label: m.name }))}
          data-testid="batch-model"
        />
      ),
    },
    remark: { label: t('devices.batch.remark'), input: <Input maxLength={500} data-testid="batch-remark" /> },
    expire_at: {
      label: t('devices.batch.expire'),
      input: <DatePicker showTime style={{ width: '100%' }} placeholder={t('devices.batch.noExpire')} />,
    },
  };

  return (
    <Modal
      open={open}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={update.isPending}
      title={t('devices.batch.title', { count: ids.length })}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      destroyOnHidden
      data-testid="batch-update-modal"
    >
      <Typography.Paragraph type="secondary">{t('devices.batch.hint')}</Typography.Paragraph>
      {problem && <Alert type="error" showIcon style={{ marginBottom: 12 }} title={problem} />}
      <Form form={form} layout="horizontal" labelCol={{ span: 7 }} wrapperCol={{ span: 17 }}>
        {FIELDS.map((field) => (
          <Flex key={field} gap={8} align="baseline">
            <Checkbox
              checked={ticked.has(field)}
              onChange={(e) => tick(field, e.target.checked)}
              aria-label={inputs[field].label}
              data-testid={`batch-tick-${field}`}
            />
            {/* Unticked fields stay visible but disabled: only ticked ones are sent. */}
            <ConfigProvider componentDisabled={!ticked.has(field)}>
              <Form.Item name={field} label={inputs[field].label} style={{ flex: 1, marginBottom: 12 }}>
                {inputs[field].input}
              </Form.Item>
            </ConfigProvider>
          </Flex>
        ))}
      </Form>
    </Modal>
  );
}
