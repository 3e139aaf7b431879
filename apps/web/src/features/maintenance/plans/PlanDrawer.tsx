import {
  PLAN_TARGET_TYPES,
  PLAN_TRIGGERS,
  PLAN_TYPES,
  type PlanBody,
  type PlanDetail,
  type PlanPreviewBody,
  type PlanTrigger,
} from '@fleet/contracts';
import { App, Drawer, Flex, Form, Input, Select, Skeleton } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DrawerFooter } from '../../../shared/components/DrawerFooter';
import { useIsMobile } from '../../../shared/hooks/use-is-mobile';
import { useDebouncedValue } from '../../../shared/hooks/use-list-params';
import { usePermission } from '../../../shared/permission/permission';
import { useSystemConfig } from '../../system/api/get-system-config';
import { usePlan } from '../api/plan';
import { usePlanAssignees } from '../api/plan-assignees';
import { usePlanPreview } from '../api/plan-preview';
import { useSavePlan } from '../api/save-plan';
import { PlanAssetSelect } from './PlanAssetSelect';
import { PlanDeviceSelect } from './PlanDeviceSelect';
import { PlanPreviewLists } from './PlanPreviewLists';
import { PlanTriggerFields } from './PlanTriggerFields';
import { browserTimeZone, timeZones } from './plan-labels';

interface FormValues {
  name: string;
  plan_type: number;
  target_type: number;
  target_ids: number[];
  trigger: PlanTrigger;
  period: number;
  time_unit: number;
  start_date: Dayjs;
  due_time: Dayjs;
  time_zone: string;
  pre_notify: number;
  assignee_ids: number[];
  checklist?: string;
  description?: string;
  meter_point_id?: number;
  meter_mode: 'running' | 'counter';
  meter_hours?: number;
  threshold_op: 'above' | 'below';
  threshold_value?: number;
}

const initialOf = (p: PlanDetail | undefined): Partial<FormValues> =>
  p
    ? {
        name: p.name,
        plan_type: p.plan_type,
        target_type: p.target_type,
        target_ids: p.targets.map((x) => x.id),
        trigger: p.trigger,
        period: p.period,
        time_unit: p.time_unit,
        start_date: dayjs(p.start_date),
        due_time: dayjs(`2000-01-01T${p.due_time}`),
        time_zone: p.time_zone,
        pre_notify: p.pre_notify,
        assignee_ids: p.assignee_ids,
        checklist: p.checklist.join('\n'),
        description: p.description,
        meter_point_id: p.meter_point_id ?? undefined,
        meter_mode: p.meter_mode,
        meter_hours: p.meter_hours ?? undefined,
        threshold_op: p.threshold_op,
        threshold_value: p.threshold_value ?? undefined,
      }
    : {
        plan_type: 0,
        target_type: 0,
        target_ids: [],
        trigger: 'calendar',
        period: 1,
        time_unit: 2,
        start_date: dayjs().add(1, 'day'),
        due_time: dayjs('2000-01-01T09:00'),
        time_zone: browserTimeZone(),
        pre_notify: 0,
        assignee_ids: [],
        meter_mode: 'running',
        threshold_op: 'above',
      };

/** Create (id null) or edit a maintenance plan, with the next due times previewed as you type. */
export function PlanDrawer({ id, open, onClose }: { id: number | null; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = usePlan(open ? id : null);
  const mobile = useIsMobile();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={mobile ? window.innerWidth : 640}
      title={id === null ? t('maintenancePlan.createTitle') : t('maintenancePlan.editTitle')}
      destroyOnHidden
      data-testid="plan-drawer"
      footer={null}
    >
      {id !== null && !detail.data ? (
        <Skeleton active />
      ) : (
        <PlanForm id={id} plan={detail.data} onClose={onClose} />
      )}
    </Drawer>
  );
}

function PlanForm({
  id,
  plan,
  onClose,
}: {
  id: number | null;
  plan: PlanDetail | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const save = useSavePlan();
  const assignees = usePlanAssignees(true);
  const zones = useMemo(() => timeZones().map((z) => ({ value: z, label: z })), []);
  const trigger = Form.useWatch('trigger', form) ?? plan?.trigger ?? 'calendar';
  const targetType = Form.useWatch('target_type', form) ?? plan?.target_type ?? 0;
  // Ledger assets as targets: the ledger switch is on and the editor may read the ledger.
  const mayReadAssets = usePermission('maintenance.Asset/index');
  const ledgerOn = useSystemConfig().data?.modules.deviceAccount === true;
  const mayPickAssets = mayReadAssets && ledgerOn;
  const targetIds = Form.useWatch('target_ids', form) ?? [];
  const period = Form.useWatch('period', form);
  const timeUnit = Form.useWatch('time_unit', form);
  const startDate = Form.useWatch('start_date', form);
  const dueTime = Form.useWatch('due_time', form);
  const timeZone = Form.useWatch('time_zone', form);
  const preNotify = Form.useWatch('pre_notify', form);
  // Debounced as text: a new object every render would restart the timer forever.
  const previewText = useDebouncedValue(
    JSON.stringify(
      trigger === 'calendar' && period && startDate && dueTime && timeZone
        ? {
            period,
            time_unit: timeUnit,
            start_date: startDate.format('YYYY-MM-DD'),
            due_time: dueTime.format('HH:mm'),
            time_zone: timeZone,
            pre_notify: preNotify,
          }
        : null,
    ),
  );
  const previewBody = useMemo(() => JSON.parse(previewText) as PlanPreviewBody | null, [previewText]);
  const preview = usePlanPreview(previewBody);

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const body: PlanBody = {
      name: v.name.trim(),
      plan_type: v.plan_type,
      target_type: v.target_type,
      target_ids: v.target_ids,
      trigger: v.trigger,
      period: v.period,
      time_unit: v.time_unit,
      start_date: v.start_date.format('YYYY-MM-DD'),
      due_time: v.due_time.format('HH:mm'),
      time_zone: v.time_zone,
      pre_notify: v.pre_notify,
      assignee_ids: v.assignee_ids ?? [],
      checklist: (v.checklist ?? '')
        .split('\n')
        .map((s) => s.trim())
        .filter(Boolean),
      description: v.description?.trim() ?? '',
      meter_point_id: v.trigger === 'calendar' ? null : (v.meter_point_id ?? null),
      meter_mode: v.meter_mode,
      meter_hours: v.trigger === 'runtime' ? (v.meter_hours ?? null) : null,
      threshold_op: v.threshold_op,
      threshold_value: v.trigger === 'threshold' ? (v.threshold_value ?? null) : null,
    };
    const saved = await save.mutateAsync({ id, body }).catch(() => null);
    if (!saved) return;
    void message.success(t('maintenancePlan.saved'));
    onClose();
  };
  const required = [{ required: true, message: t('maintenancePlan.required') }];

  return (
    <>
      <Form form={form} layout="vertical" initialValues={initialOf(plan)} data-testid="plan-form">
        <Form.Item
          name="name"
          label={t('maintenancePlan.field.name')}
          rules={[...required, { max: 100, whitespace: true }]}
        >
          <Input maxLength={100} data-testid="plan-name" />
        </Form.Item>
        <Flex gap={12} wrap>
          <Form.Item name="plan_type" label={t('maintenancePlan.field.planType')} style={{ minWidth: 160 }}>
            <Select
              options={PLAN_TYPES.map((v) => ({ value: v, label: t(`maintenancePlan.planType.${v}`) }))}
            />
          </Form.Item>
          <Form.Item
            name="target_type"
            label={t('maintenancePlan.field.targetType')}
            style={{ minWidth: 200 }}
            extra={mayPickAssets ? undefined : t('maintenancePlan.ledgerOff')}
          >
            <Select
              onChange={() => form.setFieldsValue({ target_ids: [], trigger: 'calendar' })}
              options={PLAN_TARGET_TYPES.map((v) => ({
                value: v,
                label: t(`maintenancePlan.targetType.${v}`),
                disabled: v === 1 && !mayPickAssets,
              }))}
              data-testid="plan-target-type"
            />
          </Form.Item>
        </Flex>
        <Form.Item
          name="target_ids"
          label={targetType === 1 ? t('maintenancePlan.field.assets') : t('maintenancePlan.field.targets')}
          rules={required}
        >
          {targetType === 1 ? (
            <PlanAssetSelect known={plan?.targets ?? []} testId="plan-targets" />
          ) : (
            <PlanDeviceSelect known={plan?.targets ?? []} testId="plan-targets" />
          )}
        </Form.Item>
        <Form.Item
          name="trigger"
          label={t('maintenancePlan.field.trigger')}
          extra={targetType === 1 ? t('maintenancePlan.assetCalendarOnly') : undefined}
        >
          <Select
            options={PLAN_TRIGGERS.map((v) => ({
              value: v,
              label: t(`maintenancePlan.trigger.${v}`),
              // Meters read a monitored device's own points.
              disabled: targetType === 1 && v !== 'calendar',
            }))}
            data-testid="plan-trigger"
          />
        </Form.Item>
        <PlanTriggerFields trigger={trigger} targetIds={targetIds} zones={zones} />
        <Form.Item
          name="assignee_ids"
          label={t('maintenancePlan.field.assignees')}
          extra={t('maintenancePlan.field.assigneesHint')}
        >
          <Select
            mode="multiple"
            optionFilterProp="label"
            loading={assignees.isLoading}
            options={(assignees.data ?? []).map((u) => ({ value: u.id, label: `${u.name} (${u.username})` }))}
            data-testid="plan-assignees"
          />
        </Form.Item>
        <Form.Item
          name="checklist"
          label={t('maintenancePlan.field.checklist')}
          extra={t('maintenancePlan.field.checklistHint')}
        >
          <Input.TextArea rows={3} data-testid="plan-checklist" />
        </Form.Item>
        <Form.Item name="description" label={t('maintenancePlan.field.description')}>
          <Input.TextArea rows={2} maxLength={2000} />
        </Form.Item>
      </Form>
      <PlanPreviewLists trigger={trigger} preview={preview} plan={plan} />
      <div style={{ marginTop: 16 }}>
        <DrawerFooter
          onCancel={onClose}
          onSave={() => void submit()}
          saving={save.isPending}
          testId="plan-submit"
        />
      </div>
    </>
  );
}
