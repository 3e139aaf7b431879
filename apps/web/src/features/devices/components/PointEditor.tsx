import {
  ACCESS_MODES,
  type AreaFamily,
  areasOf,
  BYTE_ORDERS,
  DATA_TYPES,
  type DataType,
  decimalsAfterTypeChange,
  type PointConfig,
  pointProblem,
  SOURCE_KINDS,
} from '@fleet/contracts';
import { App, Col, Divider, Drawer, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { DrawerFooter } from '../../../shared/components/DrawerFooter';
import { showSaveError } from '../../../shared/forms/server-error';
import { formValuesOf, type PointFormValues, pointFromForm } from '../lib/point-form';
import { TranslationEditor } from './TranslationEditor';

const opts = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));

export interface PointEditorProps {
  /** Register-area family the point is checked against (`areaFamilyOf`). */
  family: AreaFamily | null;
  /** Slaves the point may belong to; absent: no slave choice (a template slave's or device's own point). */
  slaves?: readonly { slave_id: number; name: string }[];
  point?: Pick<PointConfig, 'name'> & Partial<PointConfig>;
  slaveId: number | null;
  open: boolean;
  saving?: boolean;
  onClose: () => void;
  /** Stores the checked point; a rejection naming a field (10002) is shown under that field. */
  onSubmit: (point: PointConfig) => Promise<unknown>;
  /** A check of the caller's own (e.g. a name already used in the template), shown under its field. */
  validate?: (point: PointConfig) => { field: string; message: string } | null;
  /** No "saved" toast: the point only went into a form that is saved later (the template editor). */
  silent?: boolean;
}

/**
 * Add / edit one data point with the SPEC 3 fields, checked by `pointProblem` before sending. Shared by
 * the device's points (PointDrawer) and the template editor, which only differ in where the point goes.
 */
export function PointEditor({
  family,
  slaves,
  point,
  slaveId,
  open,
  saving,
  onClose,
  onSubmit,
  validate,
  silent,
}: PointEditorProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<PointFormValues>();
  const area = Form.useWatch('area', form);
  const storage = Form.useWatch('storage_mode', form);
  const dataType = Form.useWatch('data_type', form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(formValuesOf(point, slaveId));
  }, [open, point, slaveId, form]);

  const submit = async () => {
    const values = await form.validateFields();
    const full = pointFromForm({ ...formValuesOf(point, slaveId), ...values });
    const problem = pointProblem(full, family) ?? validate?.(full) ?? null;
    if (problem) {
      const row = /^ds_config\.translate\.(\d+)/.exec(problem.field);
      const name = (row ? ['translations', Number(row[1]), 'text'] : [problem.field]) as never;
      form.setFields([{ name, errors: [problem.message] }]);
      form.scrollToField(name);
      return;
    }
    try {
      await onSubmit(full);
      if (!silent) void message.success(t('devices.common.saved'));
      onClose();
    } catch (error) {
      showSaveError(form, error, (field) => field in values);
    }
  };

  const num = (name: keyof PointFormValues, label: string, props: object = {}) => (
    <Form.Item name={name} label={label}>
      <InputNumber style={{ width: '100%' }} {...props} data-testid={`point-form-${name}`} />
    </Form.Item>
  );

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={720}
      title={point ? t('devices.point.editTitle', { name: point.name }) : t('devices.point.addTitle')}
      destroyOnHidden
      forceRender
      data-testid="point-drawer"
      footer={
        <DrawerFooter
          onCancel={onClose}
          onSave={() => void submit()}
          saving={saving}
          testId="point-form-submit"
        />
      }
    >
      <Form form={form} layout="vertical">
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item
              name="name"
              label={t('devices.point.name')}
              rules={[
                { required: true, whitespace: true, message: t('devices.common.required') },
                { pattern: /^[A-Za-z0-9_.\-\u4e00-\u9fa5]{1,64}$/, message: t('devices.point.nameRule') },
              ]}
            >
              <Input maxLength={64} data-testid="point-form-name" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="title" label={t('devices.point.title')} rules={[{ max: 64 }]}>
              <Input maxLength={64} data-testid="point-form-title" />
            </Form.Item>
          </Col>
          {slaves && (
            <Col span={12}>
              <Form.Item name="slave_id" label={t('devices.point.slave')}>
                <Select
                  options={[
                    { value: null as unknown as number, label: t('devices.point.device') },
                    ...slaves.map((s) => ({ value: s.slave_id, label: `${s.name} (${s.slave_id})` })),
                  ]}
                  data-testid="point-form-slave"
                />
              </Form.Item>
            </Col>
          )}
          <Col span={12}>
            <Form.Item name="type" label={t('devices.point.type')}>
              <Select options={[0, 1].map((v) => ({ value: v, label: t(`devices.point.type${v}`) }))} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="source_kind" label={t('devices.point.sourceKind')}>
              <Select options={opts(SOURCE_KINDS)} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="data_type" label={t('devices.point.dataType')}>
              <Select
                options={opts(DATA_TYPES)}
                // Decimals still at the old type's default follow the new one (float / double: 2).
                onChange={(next: DataType) =>
                  form.setFieldValue(
                    'decimals',
                    decimalsAfterTypeChange(dataType ?? next, next, form.getFieldValue('decimals')),
                  )
                }
                data-testid="point-form-data-type"
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="byte_order" label={t('devices.point.byteOrder')}>
              <Select options={opts(BYTE_ORDERS)} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="area" label={t('devices.point.area')}>
              <Select allowClear options={opts(areasOf(family))} data-testid="point-form-area" />
            </Form.Item>
          </Col>
          <Col span={8}>
            {num('address', t('devices.point.address'), { min: 0, max: 65535, precision: 0 })}
          </Col>
          <Col span={8}>
            {area === 'DB'
              ? num('db_number', t('devices.point.dbNumber'), { min: 1, max: 65535, precision: 0 })
              : dataType === 'string' || dataType === 'var'
                ? num('register_count', t('devices.point.registerCount'), { min: 1, max: 125, precision: 0 })
                : null}
          </Col>
          <Col span={6}>{num('scale', t('devices.point.scale'))}</Col>
          <Col span={6}>{num('offset', t('devices.point.offset'))}</Col>
          <Col span={6}>
            {num('decimals', t('devices.point.decimals'), { min: 0, max: 10, precision: 0 })}
          </Col>
          <Col span={6}>
            <Form.Item name="unit" label={t('devices.point.unit')} rules={[{ max: 32 }]}>
              <Input maxLength={32} data-testid="point-form-unit" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="storage_mode" label={t('devices.point.storageMode')}>
              <Select options={[0, 1, 2].map((v) => ({ value: v, label: t(`devices.point.storage${v}`) }))} />
            </Form.Item>
          </Col>
          <Col span={8}>
            {storage === 1 &&
              num('storage_interval_s', t('devices.point.interval'), { min: 1, max: 86400, precision: 0 })}
            {storage === 2 && num('tolerance', t('devices.point.tolerance'), { min: 0 })}
          </Col>
          <Col span={8}>
            <Form.Item name="collect_mode" label={t('devices.point.collectMode')}>
              <Select options={[0, 1, 2].map((v) => ({ value: v, label: t(`devices.point.collect${v}`) }))} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="access" label={t('devices.point.access')}>
              <Select
                options={ACCESS_MODES.map((v) => ({ value: v, label: t(`devices.point.access_${v}`) }))}
                data-testid="point-form-access"
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="trigger_enable"
              label={t('devices.point.trigger')}
              getValueFromEvent={(on: boolean) => (on ? 1 : 0)}
              getValueProps={(v: number) => ({ checked: v === 1 })}
            >
              <Switch />
            </Form.Item>
          </Col>
          <Col span={8} />
          <Col span={12}>{num('lolmt', t('devices.point.lolmt'))}</Col>
          <Col span={12}>{num('uplmt', t('devices.point.uplmt'))}</Col>
        </Row>
        <Divider titlePlacement="start">{t('devices.point.translations')}</Divider>
        <TranslationEditor />
      </Form>
    </Drawer>
  );
}
