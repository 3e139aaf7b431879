import {
  defaultGatewayParams,
  formatServerMessage,
  gatewayParams,
  isServerMessageKey,
  type OtaPlanCreateBody,
  type OtaPlanLevel,
  type OtaPlanType,
} from '@fleet/contracts';
import {
  App,
  Col,
  Divider,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Row,
  Select,
  Switch,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../../shared/hooks/use-list-params';
import { useSettings } from '../../../../shared/store/settings';
import { useApplications } from '../../apps/api/list-applications';
import { useCreatePlan } from '../api/create-plan';
import { usePlanGateways } from '../api/list-gateways';

interface Values {
  name: string;
  type: OtaPlanType;
  level: OtaPlanLevel;
  application_id?: number;
  gateway_ids?: number[];
  group_sizes?: string;
  success_percent: number;
  failure_percent: number;
  rate_per_minute: number;
  start_delay_max_s: number;
  param_version: number;
  apn?: string;
  uart_read_ms: number;
  run_mode: 0 | 1 | 2;
  power_mode: 'normal' | 'saving';
  auto_upgrade: boolean;
}

const GROUPS_RE = /^\s*(\d+\s*(,\s*\d+\s*)*)?$/;
const defaults = defaultGatewayParams();

/**
 * A firmware or parameter plan: what, to which gateways, and how the rollout goes. The parameter
 * part is the document's main fields on top of the SPEC 5 defaults, checked with the same rules as
 * the server before it is sent.
 */
export function CreatePlanModal({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const type = Form.useWatch('type', form) ?? 2;
  const level = Form.useWatch('level', form) ?? 0;
  const [gatewaySearch, setGatewaySearch] = useState('');
  const search = useDebouncedValue(gatewaySearch.trim());
  const gateways = usePlanGateways(search, open && level === 0);
  const apps = useApplications({ page: 1, limit: 100 });
  const creator = useCreatePlan();
  const lang = useSettings((s) => s.language);

  const close = () => {
    form.resetFields();
    onClose();
  };
  const submit = async () => {
    const v = await form.validateFields();
    let params = null;
    if (v.type === 1) {
      const parsed = gatewayParams.safeParse({
        ...defaults,
        param_version: v.param_version,
        apn: v.apn ?? '',
        uart_read_ms: v.uart_read_ms,
        run_mode: v.run_mode,
        power_mode: v.power_mode,
        auto_upgrade: v.auto_upgrade,
      });
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        form.setFields([
          {
            name: issue.path[0] as keyof Values,
            errors: [
              isServerMessageKey(issue.message)
                ? formatServerMessage(issue.message, {}, lang)
                : issue.message,
            ],
          },
        ]);
        return;
      }
      params = parsed.data;
    }
    const body: OtaPlanCreateBody = {
      name: v.name.trim(),
      type: v.type,
      level: v.level,
      gateway_ids: v.level === 0 ? (v.gateway_ids ?? []) : [],
      application_id: v.type === 2 ? (v.application_id ?? null) : null,
      params,
      rollout: {
        group_sizes: (v.group_sizes ?? '')
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
          .map(Number),
        success_percent: v.success_percent,
        failure_percent: v.failure_percent,
        rate_per_minute: v.rate_per_minute,
        start_delay_max_s: v.start_delay_max_s,
      },
    };
    const plan = await creator.mutateAsync(body).catch(() => null);
    if (!plan) return;
    void message.success(t('otaPlans.created_ok', { name: plan.name }));
    close();
    onCreated(plan.id);
  };

  return (
    <Modal
      open={open}
      title={t('otaPlans.createTitle')}
      onCancel={close}
      onOk={() => void submit()}
      okText={t('otaPlans.create')}
      confirmLoading={creator.isPending}
      destroyOnHidden
      width={720}
    >
      <Form
        form={form}
        layout="vertical"
        data-testid="ota-plan-form"
        initialValues={{
          type: 2,
          level: 0,
          success_percent: 100,
          failure_percent: 10,
          rate_per_minute: 60,
          start_delay_max_s: 0,
          param_version: 2,
          uart_read_ms: defaults.uart_read_ms,
          run_mode: defaults.run_mode,
          power_mode: defaults.power_mode,
          auto_upgrade: defaults.auto_upgrade,
        }}
      >
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              name="name"
              label={t('otaPlans.name')}
              rules={[{ required: true, whitespace: true, max: 100 }]}
            >
              <Input maxLength={100} data-testid="ota-plan-name" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="type" label={t('otaPlans.type')}>
              <Radio.Group
                optionType="button"
                options={[
                  { value: 2, label: t('otaPlans.type2') },
                  { value: 1, label: t('otaPlans.type1') },
                ]}
                data-testid="ota-plan-type"
              />
            </Form.Item>
          </Col>
        </Row>
        {type === 2 ? (
          <Form.Item
            name="application_id"
            label={t('otaPlans.application')}
            rules={[{ required: true, message: t('otaPlans.applicationRule') }]}
          >
            <Select
              loading={apps.isPending}
              data-testid="ota-plan-application"
              options={(apps.data?.rows ?? []).map((a) => ({
                value: a.id,
                label: `${a.name} ${a.version} (${a.models.join(', ')})`,
              }))}
            />
          </Form.Item>
        ) : (
          <>
            <Typography.Text type="secondary">{t('otaPlans.paramsHint')}</Typography.Text>
            <Row gutter={16} style={{ marginTop: 8 }}>
              <Col span={8}>
                <Form.Item
                  name="param_version"
                  label={t('otaPlans.paramVersion')}
                  rules={[{ required: true }]}
                >
                  <InputNumber
                    min={1}
                    precision={0}
                    style={{ width: '100%' }}
                    data-testid="ota-plan-param-version"
                  />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item name="apn" label={t('otaPlans.apn')}>
                  <Input maxLength={64} />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item
                  name="uart_read_ms"
                  label={t('otaPlans.uartReadMs')}
                  rules={[{ required: true }]}
                  extra="10-2000"
                >
                  <InputNumber min={10} max={2000} precision={0} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col span={10}>
                <Form.Item name="run_mode" label={t('otaPlans.runMode')}>
                  <Select options={[0, 1, 2].map((m) => ({ value: m, label: t(`otaPlans.runMode${m}`) }))} />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item name="power_mode" label={t('otaPlans.powerMode')}>
                  <Select
                    options={[
                      { value: 'normal', label: t('otaPlans.powerNormal') },
                      { value: 'saving', label: t('otaPlans.powerSaving') },
                    ]}
                  />
                </Form.Item>
              </Col>
              <Col span={6}>
                <Form.Item name="auto_upgrade" label={t('otaPlans.autoUpgrade')} valuePropName="checked">
                  <Switch />
                </Form.Item>
              </Col>
            </Row>
          </>
        )}
        <Form.Item name="level" label={t('otaPlans.level')}>
          <Radio.Group
            options={[
              { value: 0, label: t('otaPlans.level0') },
              { value: 1, label: t('otaPlans.level1') },
            ]}
            data-testid="ota-plan-level"
          />
        </Form.Item>
        {level === 0 ? (
          <Form.Item
            name="gateway_ids"
            label={t('otaPlans.gateways')}
            rules={[{ required: true, type: 'array', min: 1, message: t('otaPlans.gatewaysRule') }]}
          >
            <Select
              mode="multiple"
              showSearch={{ filterOption: false, onSearch: setGatewaySearch }}
              placeholder={t('otaPlans.gatewaysSearch')}
              loading={gateways.isFetching}
              data-testid="ota-plan-gateways"
              options={(gateways.data?.rows ?? []).map((g) => ({
                value: g.id,
                label: `${g.imei}${g.model ? ` · ${g.model}` : ''}${g.firmware_version ? ` · ${g.firmware_version}` : ''}`,
              }))}
            />
          </Form.Item>
        ) : null}
        <Divider titlePlacement="start" plain>
          {t('otaPlans.rollout')}
        </Divider>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              name="group_sizes"
              label={t('otaPlans.groupSizes')}
              extra={t('otaPlans.groupSizesHint')}
              rules={[{ pattern: GROUPS_RE, message: t('otaPlans.groupSizesRule') }]}
            >
              <Input placeholder="1, 10, 100" data-testid="ota-plan-groups" />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item
              name="success_percent"
              label={t('otaPlans.successPercent')}
              extra={t('otaPlans.successHint')}
            >
              <InputNumber min={0} max={100} precision={0} suffix="%" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item
              name="failure_percent"
              label={t('otaPlans.failurePercent')}
              extra={t('otaPlans.failureHint')}
            >
              <InputNumber min={0} max={100} precision={0} suffix="%" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="rate_per_minute" label={t('otaPlans.rate')}>
              <InputNumber min={1} max={10000} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="start_delay_max_s" label={t('otaPlans.delay')}>
              <InputNumber min={0} max={3600} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
