import {
  PLAN_METER_MODES,
  PLAN_PRE_NOTIFY,
  PLAN_THRESHOLD_OPS,
  PLAN_TIME_UNITS,
  type PlanTrigger,
} from '@fleet/contracts';
import { DatePicker, Flex, Form, InputNumber, Select, TimePicker } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePlanPoints } from '../api/plan-points';

/**
 * The "when" of a plan: the calendar (period, start, due time, time zone) or the meter (the device's
 * point, running hours or a threshold), and how far ahead each order is raised.
 */
export function PlanTriggerFields({
  trigger,
  targetIds,
  zones,
}: {
  trigger: PlanTrigger;
  targetIds: number[];
  zones: { value: string; label: string }[];
}) {
  const { t } = useTranslation();
  const points = usePlanPoints(trigger !== 'calendar' && targetIds.length > 0 ? targetIds[0]! : null);
  const required = [{ required: true, message: t('maintenancePlan.required') }];
  const preNotify = (style: React.CSSProperties) => (
    <Form.Item name="pre_notify" label={t('maintenancePlan.field.preNotify')} style={style}>
      <Select
        options={PLAN_PRE_NOTIFY.map((v) => ({ value: v, label: t(`maintenancePlan.preNotify.${v}`) }))}
        data-testid="plan-pre-notify"
      />
    </Form.Item>
  );
  return (
    <>
      {trigger === 'calendar' ? (
        <>
          <Flex gap={12} wrap>
            <Form.Item name="period" label={t('maintenancePlan.field.period')} rules={required}>
              <InputNumber min={1} max={1000} precision={0} data-testid="plan-period" />
            </Form.Item>
            <Form.Item name="time_unit" label={t('maintenancePlan.field.timeUnit')} style={{ minWidth: 120 }}>
              <Select
                options={PLAN_TIME_UNITS.map((v) => ({
                  value: v,
                  label: t(`maintenancePlan.timeUnit.${v}`),
                }))}
                data-testid="plan-time-unit"
              />
            </Form.Item>
            <Form.Item name="start_date" label={t('maintenancePlan.field.startDate')} rules={required}>
              <DatePicker allowClear={false} data-testid="plan-start" />
            </Form.Item>
            <Form.Item name="due_time" label={t('maintenancePlan.field.dueTime')} rules={required}>
              <TimePicker format="HH:mm" allowClear={false} data-testid="plan-due-time" />
            </Form.Item>
          </Flex>
          <Flex gap={12} wrap>
            <Form.Item name="time_zone" label={t('maintenancePlan.field.timeZone')} style={{ minWidth: 220 }}>
              <Select showSearch options={zones} data-testid="plan-time-zone" />
            </Form.Item>
            {preNotify({ minWidth: 180 })}
          </Flex>
        </>
      ) : (
        <>
          <Form.Item
            name="meter_point_id"
            label={t('maintenancePlan.field.point')}
            rules={required}
            extra={targetIds.length !== 1 ? t('maintenancePlan.selectDeviceFirst') : undefined}
          >
            <Select
              loading={points.isFetching}
              options={(points.data ?? []).map((p) => ({
                value: p.id,
                label: `${p.title}${p.unit ? ` (${p.unit})` : ''}${p.value !== null ? ` = ${p.value}` : ''}`,
              }))}
              data-testid="plan-point"
            />
          </Form.Item>
          {trigger === 'runtime' ? (
            <Flex gap={12} wrap>
              <Form.Item
                name="meter_mode"
                label={t('maintenancePlan.field.meterMode')}
                style={{ minWidth: 260 }}
              >
                <Select
                  options={PLAN_METER_MODES.map((v) => ({
                    value: v,
                    label: t(`maintenancePlan.meterMode.${v}`),
                  }))}
                />
              </Form.Item>
              <Form.Item name="meter_hours" label={t('maintenancePlan.field.meterHours')} rules={required}>
                <InputNumber min={0.1} max={1_000_000} data-testid="plan-meter-hours" />
              </Form.Item>
            </Flex>
          ) : (
            <Flex gap={12} wrap>
              <Form.Item
                name="threshold_op"
                label={t('maintenancePlan.field.thresholdOp')}
                style={{ minWidth: 140 }}
              >
                <Select
                  options={PLAN_THRESHOLD_OPS.map((v) => ({
                    value: v,
                    label: t(`maintenancePlan.op.${v}`),
                  }))}
                />
              </Form.Item>
              <Form.Item
                name="threshold_value"
                label={t('maintenancePlan.field.thresholdValue')}
                rules={required}
              >
                <InputNumber data-testid="plan-threshold-value" />
              </Form.Item>
            </Flex>
          )}
          {preNotify({ maxWidth: 240 })}
        </>
      )}
    </>
  );
}
