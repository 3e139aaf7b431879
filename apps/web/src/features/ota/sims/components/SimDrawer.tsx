import type { OtaSimCarrier, OtaSimCreateBody, OtaSimRow, OtaSimStatus } from '@fleet/contracts';
import { OTA_ICCID_RE } from '@fleet/contracts';
import { App, Col, DatePicker, Drawer, Form, Input, InputNumber, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { DrawerFooter } from '../../../../shared/components/DrawerFooter';
import { showSaveError } from '../../../../shared/forms/server-error';
import { useSaveOtaSim } from '../api/save-sim';
import { MB } from '../lib/sim-format';
import { carrierOptions, statusOptions, translatedSaveError } from './sim-options';

interface FormValues {
  iccid?: string;
  carrier: OtaSimCarrier;
  status: OtaSimStatus;
  data_used_mb?: number | null;
  data_limit_mb?: number | null;
  expires_on?: Dayjs | null;
  remark?: string;
}

const toMb = (bytes: number | null) => (bytes === null ? null : Math.round((bytes / MB) * 100) / 100);
const toBytes = (mb: number | null | undefined) =>
  mb === null || mb === undefined ? null : Math.round(mb * MB);

/** Add or edit a SIM card (docs/api-ota.md POST, PUT /ota/sims); data in MB, stored in bytes. */
export function SimDrawer({ open, sim, onClose }: { open: boolean; sim?: OtaSimRow; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const save = useSaveOtaSim();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      sim
        ? {
            iccid: sim.iccid,
            carrier: sim.carrier,
            status: sim.status,
            data_used_mb: toMb(sim.data_used),
            data_limit_mb: toMb(sim.data_limit),
            expires_on: sim.expires_on ? dayjs(sim.expires_on) : null,
            remark: sim.remark,
          }
        : { carrier: 'other', status: 'active', data_used_mb: 0, remark: '' },
    );
  }, [open, sim, form]);

  const submit = async () => {
    const v = await form.validateFields();
    const body = {
      carrier: v.carrier,
      status: v.status,
      data_used: toBytes(v.data_used_mb) ?? 0,
      data_limit: toBytes(v.data_limit_mb),
      expires_on: v.expires_on ? v.expires_on.format('YYYY-MM-DD') : null,
      remark: v.remark?.trim() ?? '',
    };
    try {
      if (sim) await save.mutateAsync({ id: sim.id, body });
      else await save.mutateAsync({ body: { ...body, iccid: v.iccid?.trim() ?? '' } as OtaSimCreateBody });
      void message.success(sim ? t('otaSims.saved') : t('otaSims.added'));
      onClose();
    } catch (error) {
      const taken = translatedSaveError(error, i18n.language);
      if (taken) form.setFields([{ name: 'iccid', errors: [taken] }]);
      else showSaveError(form, error, (field) => field in form.getFieldsValue(true));
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={520}
      title={sim ? t('otaSims.editTitle', { iccid: sim.iccid }) : t('otaSims.addTitle')}
      destroyOnHidden
      data-testid="ota-sim-drawer"
      footer={
        <DrawerFooter
          onCancel={onClose}
          onSave={() => void submit()}
          saving={save.isPending}
          testId="ota-sim-submit"
        />
      }
    >
      <Form form={form} layout="vertical" requiredMark>
        <Form.Item
          name="iccid"
          label="ICCID"
          rules={[
            { required: true, whitespace: true, message: t('otaGateways.form.required') },
            { pattern: OTA_ICCID_RE, message: t('otaGateways.form.iccidRule') },
          ]}
        >
          <Input maxLength={20} disabled={!!sim} data-testid="ota-sim-iccid" />
        </Form.Item>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item name="carrier" label={t('otaSims.col.carrier')}>
              <Select options={carrierOptions(t)} data-testid="ota-sim-carrier" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="status" label={t('otaSims.col.status')}>
              <Select options={statusOptions(t)} data-testid="ota-sim-status" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="data_used_mb" label={t('otaSims.form.usedMb')}>
              <InputNumber min={0} precision={2} style={{ width: '100%' }} data-testid="ota-sim-used" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="data_limit_mb"
              label={t('otaSims.form.limitMb')}
              extra={t('otaSims.form.limitHelp')}
            >
              <InputNumber min={0} precision={2} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="expires_on" label={t('otaSims.col.expires')}>
          <DatePicker style={{ width: '100%' }} data-testid="ota-sim-expires" />
        </Form.Item>
        <Form.Item name="remark" label={t('otaGateways.col.remark')} rules={[{ max: 500 }]}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
