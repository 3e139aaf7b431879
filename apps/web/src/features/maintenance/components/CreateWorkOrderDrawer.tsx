import { REPAIR_TYPES, WORK_ORDER_PRIORITIES, WORK_ORDER_TYPES, WorkOrderType } from '@fleet/contracts';
import { App, DatePicker, Drawer, Form, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DrawerFooter } from '../../../shared/components/DrawerFooter';
import { useIsMobile } from '../../../shared/hooks/use-is-mobile';
import { usePermission } from '../../../shared/permission/permission';
import { AssetSearchSelect } from '../../assets/components/AssetSearchSelect';
import { DeviceSearchSelect } from '../../devices/components/DeviceSearchSelect';
import { useSystemConfig } from '../../system/api/get-system-config';
import { useCreateWorkOrder } from '../api/create-work-order';
import { useAssignees } from '../api/list-assignees';

/** What the drawer opens with: from the alarm log an alarm (and its device) and a title. */
export interface WorkOrderPreset {
  alarm_id?: number;
  title?: string;
  /** Fault repair raises repairs only. */
  type?: number;
  /** Raised from a device ledger asset's detail. */
  asset_id?: number;
}

interface FormValues {
  type: number;
  title: string;
  description?: string;
  device_id?: number;
  asset_id?: number;
  repair_type?: number;
  priority: number;
  due_at?: Dayjs | null;
  assignee_id?: number;
  checklist?: string;
}

/** Raise a work order by hand, or a repair order from an alarm (which the alarm log then shows dispatched). */
export function CreateWorkOrderDrawer({
  open,
  preset,
  onClose,
  onCreated,
}: {
  open: boolean;
  preset?: WorkOrderPreset;
  onClose: () => void;
  onCreated?: (id: number) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const create = useCreateWorkOrder();
  const mobile = useIsMobile();
  const mayDispatch = usePermission(['maintenance.WorkOrder/add', 'maintenance.WorkOrder/dispatch']);
  const assignees = useAssignees(open && mayDispatch);
  const fromAlarm = preset?.alarm_id !== undefined;
  // The device ledger: an asset as an alternative to a device (its linked device comes along).
  const mayReadAssets = usePermission('maintenance.Asset/index');
  const ledgerOn = useSystemConfig().data?.modules.deviceAccount === true;
  const mayPickAsset = mayReadAssets && ledgerOn;
  const fixedType = fromAlarm ? WorkOrderType.REPAIR : preset?.type;
  const type = Form.useWatch('type', form) ?? fixedType ?? WorkOrderType.REPAIR;

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const checklist = (v.checklist ?? '')
      .split('\n')
      .map((s) => s.trim())
      .filter(Boolean);
    const created = await create
      .mutateAsync({
        type: fixedType ?? v.type,
        title: v.title.trim(),
        description: v.description?.trim() ?? '',
        device_id: fromAlarm ? null : (v.device_id ?? null),
        alarm_id: preset?.alarm_id ?? null,
        asset_id: fromAlarm ? null : (v.asset_id ?? null),
        repair_type: type === WorkOrderType.REPAIR ? (v.repair_type ?? 0) : null,
        priority: v.priority,
        due_at: v.due_at ? v.due_at.toDate().toISOString() : null,
        assignee_id: v.assignee_id ?? null,
        checklist,
      })
      .catch(() => null);
    if (!created) return;
    void message.success(t('maintenance.created'));
    onCreated?.(created.id);
    onClose();
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={mobile ? window.innerWidth : 520}
      title={fromAlarm ? t('maintenance.fromAlarmTitle') : t('maintenance.createTitle')}
      destroyOnHidden
      data-testid="work-order-create-drawer"
      footer={
        <DrawerFooter
          onCancel={onClose}
          onSave={() => void submit()}
          saving={create.isPending}
          testId="work-order-create-submit"
        />
      }
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          type: fixedType ?? WorkOrderType.REPAIR,
          priority: 1,
          repair_type: 0,
          title: preset?.title,
          asset_id: preset?.asset_id,
        }}
      >
        {fixedType === undefined && (
          <Form.Item name="type" label={t('maintenance.field.type')}>
            <Select
              options={WORK_ORDER_TYPES.map((v) => ({ value: v, label: t(`maintenance.type.${v}`) }))}
              data-testid="work-order-type"
            />
          </Form.Item>
        )}
        <Form.Item
          name="title"
          label={t('maintenance.field.title')}
          rules={[{ required: true, whitespace: true, message: t('maintenance.required') }, { max: 100 }]}
        >
          <Input maxLength={100} data-testid="work-order-title" />
        </Form.Item>
        <Form.Item name="description" label={t('maintenance.field.description')}>
          <Input.TextArea rows={3} maxLength={2000} data-testid="work-order-description" />
        </Form.Item>
        {!fromAlarm && (
          <Form.Item name="device_id" label={t('maintenance.field.device')}>
            <DeviceSearchSelect testId="work-order-device" ariaLabel={t('maintenance.field.device')} />
          </Form.Item>
        )}
        {!fromAlarm && (mayPickAsset || preset?.asset_id !== undefined) && (
          <Form.Item
            name="asset_id"
            label={t('maintenance.field.asset')}
            extra={t('maintenance.field.assetHint')}
          >
            <AssetSearchSelect testId="work-order-asset" ariaLabel={t('maintenance.field.asset')} />
          </Form.Item>
        )}
        {type === WorkOrderType.REPAIR && (
          <Form.Item name="repair_type" label={t('maintenance.field.repairType')}>
            <Select
              options={REPAIR_TYPES.map((v) => ({ value: v, label: t(`maintenance.repairType.${v}`) }))}
            />
          </Form.Item>
        )}
        <Form.Item name="priority" label={t('maintenance.field.priority')}>
          <Select
            options={WORK_ORDER_PRIORITIES.map((v) => ({ value: v, label: t(`maintenance.priority.${v}`) }))}
          />
        </Form.Item>
        <Form.Item name="due_at" label={t('maintenance.field.dueAt')}>
          <DatePicker showTime style={{ width: '100%' }} data-testid="work-order-due" />
        </Form.Item>
        {mayDispatch && (
          <Form.Item name="assignee_id" label={t('maintenance.field.assignee')}>
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              placeholder={t('maintenance.pickAssignee')}
              loading={assignees.isLoading}
              options={(assignees.data ?? []).map((u) => ({
                value: u.id,
                label: `${u.name} (${u.username})`,
              }))}
              data-testid="work-order-assignee"
            />
          </Form.Item>
        )}
        <Form.Item
          name="checklist"
          label={t('maintenance.field.checklist')}
          extra={t('maintenance.field.checklistHint')}
        >
          <Input.TextArea rows={3} data-testid="work-order-checklist" />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
