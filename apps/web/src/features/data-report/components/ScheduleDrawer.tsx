import { REPORT_PERIODS, type ReportScheduleRow } from '@fleet/contracts';
import { Alert, App, Drawer, Form, Input, Radio, Segmented, Select, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { DrawerFooter } from '../../../shared/components/DrawerFooter';
import { showSaveError } from '../../../shared/forms/server-error';
import { useSettings } from '../../../shared/store/settings';
import { useContacts } from '../../alarms/api/list-contacts';
import { CollectionSelect } from '../../device-groups/components/CollectionSelect';
import { DeviceSearchSelect } from '../../devices/components/DeviceSearchSelect';
import { browserTimeZone } from '../../file-download/lib/export-params';
import { useReportPoints } from '../api/report-points';
import { useSaveSchedule } from '../api/save-schedule';
import {
  emptyScheduleForm,
  mailableContacts,
  SCHEDULE_FIELDS,
  type ScheduleFormValues,
  scheduleBody,
  scheduleFormOf,
} from '../lib/schedule-form';
import { hhmmToMinute } from '../lib/schedule-time';
import { PointNamesSelect } from './PointNamesSelect';

const NAME_MAX = 64;

/** Add / edit a scheduled report (docs/api-datacenter.md "Scheduled reports"). */
export function ScheduleDrawer({
  open,
  schedule,
  onClose,
}: {
  open: boolean;
  schedule?: ReportScheduleRow;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const language = useSettings((s) => s.language);
  const [form] = Form.useForm<ScheduleFormValues>();
  const save = useSaveSchedule();
  const tz = browserTimeZone();
  const contacts = useContacts({ page: 1, limit: 100 });
  const mailable = mailableContacts(contacts.data?.rows ?? []);
  const kind = Form.useWatch('subject_kind', form);
  const deviceId = Form.useWatch('device_id', form);
  const groupId = Form.useWatch('group_id', form);
  const subject =
    kind === 'group' ? (groupId ? { group_id: groupId } : null) : deviceId ? { device_id: deviceId } : null;
  const points = useReportPoints(open ? subject : null);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(schedule ? scheduleFormOf(schedule) : emptyScheduleForm(language));
  }, [open, schedule, form, language]);

  const submit = async () => {
    // A failed validation is already shown under the fields.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      await save.mutateAsync({ id: schedule?.id, body: scheduleBody(values, tz) });
      void message.success(t('dataReport.schedule.saved'));
      onClose();
    } catch (error) {
      showSaveError(form, error, SCHEDULE_FIELDS);
    }
  };

  const required = { required: true, message: t('dataReport.schedule.required') };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={520}
      title={
        schedule
          ? t('dataReport.schedule.editTitle', { name: schedule.name })
          : t('dataReport.schedule.addTitle')
      }
      footer={
        <DrawerFooter
          onCancel={onClose}
          onSave={() => void submit()}
          saving={save.isPending}
          testId="schedule-save"
        />
      }
      destroyOnHidden
      data-testid="schedule-drawer"
    >
      <Form<ScheduleFormValues> form={form} layout="vertical" requiredMark>
        <Form.Item
          name="name"
          label={t('dataReport.schedule.name')}
          rules={[
            { ...required, whitespace: true },
            { max: NAME_MAX, message: t('dataReport.schedule.maxLength', { max: NAME_MAX }) },
          ]}
        >
          <Input maxLength={NAME_MAX} data-testid="schedule-name" />
        </Form.Item>
        <Form.Item name="period" label={t('dataReport.schedule.period')} rules={[required]}>
          <Segmented
            options={REPORT_PERIODS.map((p) => ({ value: p, label: t(`dataReport.period.${p}`) }))}
            data-testid="schedule-period"
          />
        </Form.Item>
        <Form.Item label={t('dataReport.schedule.subject')} required style={{ marginBottom: 0 }}>
          <Form.Item name="subject_kind" style={{ marginBottom: 8 }}>
            <Radio.Group
              optionType="button"
              options={(['device', 'group'] as const).map((k) => ({
                value: k,
                label: t(`dataReport.subject.${k}`),
              }))}
              onChange={() => form.setFieldsValue({ point_names: [] })}
              data-testid="schedule-subject-kind"
            />
          </Form.Item>
          {kind === 'group' ? (
            <Form.Item name="group_id" rules={[required]}>
              <CollectionSelect
                kind="group"
                placeholder={t('dataReport.subject.groupPlaceholder')}
                onChange={() => form.setFieldsValue({ point_names: [] })}
                testId="schedule-group"
                ariaLabel={t('dataReport.subject.group')}
              />
            </Form.Item>
          ) : (
            <Form.Item name="device_id" rules={[required]}>
              <DeviceSearchSelect
                placeholder={t('dataReport.subject.devicePlaceholder')}
                testId="schedule-device"
                ariaLabel={t('dataReport.subject.device')}
              />
            </Form.Item>
          )}
        </Form.Item>
        <Form.Item name="point_names" label={t('dataReport.schedule.points')}>
          <PointNamesSelect
            points={points.data ?? []}
            loading={points.isFetching}
            disabled={subject === null}
            testId="schedule-points"
          />
        </Form.Item>
        <Form.Item
          name="send_at"
          label={t('dataReport.schedule.sendAt')}
          extra={t('dataReport.schedule.sendAtHelp', { tz })}
          rules={[
            required,
            {
              validator: (_r, v: string | undefined) =>
                !v || hhmmToMinute(v) !== null
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('dataReport.schedule.sendAtRule'))),
            },
          ]}
        >
          <Input placeholder="HH:mm" style={{ width: 120 }} maxLength={5} data-testid="schedule-send-at" />
        </Form.Item>
        <Form.Item
          name="contact_ids"
          label={t('dataReport.schedule.contacts')}
          extra={
            !contacts.isPending && mailable.length === 0 ? (
              <Alert
                type="warning"
                showIcon
                title={t('dataReport.schedule.noMailContacts')}
                style={{ marginTop: 4 }}
                data-testid="schedule-no-mail-contacts"
              />
            ) : (
              t('dataReport.schedule.contactsHelp')
            )
          }
          rules={[{ required: true, type: 'array', min: 1, message: t('dataReport.schedule.contactsRule') }]}
        >
          <Select<number[]>
            mode="multiple"
            showSearch={{ optionFilterProp: 'label' }}
            loading={contacts.isFetching}
            options={mailable.map((c) => ({ value: c.id, label: `${c.name} <${c.email}>` }))}
            data-testid="schedule-contacts"
          />
        </Form.Item>
        <Form.Item name="lang" label={t('dataReport.schedule.language')}>
          <Select
            style={{ width: 160 }}
            options={(['zh', 'en', 'es'] as const).map((l) => ({
              value: l,
              label: t(`dataReport.language.${l}`),
            }))}
            data-testid="schedule-lang"
          />
        </Form.Item>
        <Form.Item name="enabled" label={t('dataReport.schedule.enabled')} valuePropName="checked">
          <Switch data-testid="schedule-enabled" />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
