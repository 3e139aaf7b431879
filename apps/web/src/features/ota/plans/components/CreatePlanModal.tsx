import {
  defaultGatewayParams,
  formatServerMessage,
  type GatewayParams,
  isServerMessageKey,
  type OtaPlanCreateBody,
  type OtaPlanLevel,
  type OtaPlanType,
} from '@fleet/contracts';
import { App, Col, Divider, Form, Input, InputNumber, Modal, Radio, Row, Select, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../../shared/hooks/use-list-params';
import { useSettings } from '../../../../shared/store/settings';
import { useApplications } from '../../apps/api/list-applications';
import { GatewayParamsForm, validateGatewayParams } from '../../params';
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
}

const GROUPS_RE = /^\s*(\d+\s*(,\s*\d+\s*)*)?$/;

/**
 * A firmware or parameter plan: what, to which gateways, and how the rollout goes. A parameter plan
 * carries the whole gateway parameter document (every section, every SPEC 5 rule) and cannot be
 * created while a rule fails; the new version must be above the highest one the chosen gateways
 * are known to run (the server checks each gateway again).
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
  const chosen = Form.useWatch('gateway_ids', form);
  const [params, setParams] = useState<GatewayParams>(defaultGatewayParams);
  // The parameter version of every gateway seen in the search results (the selection outlives a search).
  const knownVersions = useRef(new Map<number, number | null>());
  for (const g of gateways.data?.rows ?? []) knownVersions.current.set(g.id, g.param_version);
  const versions = level === 0 ? (chosen ?? []).map((id) => knownVersions.current.get(id) ?? null) : [];
  const known = versions.filter((v): v is number => v !== null);
  const currentVersion = known.length > 0 ? Math.max(...known) : null;
  const problems = useMemo(() => validateGatewayParams(params, currentVersion), [params, currentVersion]);
  const blocked = type === 1 && problems.size > 0;
  const firstProblem = blocked ? [...problems.values()][0]! : '';

  const close = () => {
    form.resetFields();
    setParams(defaultGatewayParams());
    onClose();
  };
  const submit = async () => {
    const v = await form.validateFields();
    if (v.type === 1 && problems.size > 0) return;
    const body: OtaPlanCreateBody = {
      name: v.name.trim(),
      type: v.type,
      level: v.level,
      gateway_ids: v.level === 0 ? (v.gateway_ids ?? []) : [],
      application_id: v.type === 2 ? (v.application_id ?? null) : null,
      params: v.type === 1 ? params : null,
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
      okButtonProps={{ disabled: blocked, 'data-testid': 'ota-plan-submit' }}
      confirmLoading={creator.isPending}
      destroyOnHidden
      width={type === 1 ? 1120 : 720}
      style={{ top: 24 }}
      styles={{ body: { maxHeight: 'calc(100vh - 180px)', overflowY: 'auto', paddingRight: 8 } }}
      footer={(_, { OkBtn, CancelBtn }) => (
        <>
          {blocked && (
            <Typography.Text
              type="danger"
              style={{ marginInlineEnd: 12 }}
              data-testid="ota-plan-params-blocked"
            >
              {t('otaPlans.paramsBlocked', {
                count: problems.size,
                first: isServerMessageKey(firstProblem)
                  ? formatServerMessage(firstProblem, {}, lang)
                  : firstProblem,
              })}
            </Typography.Text>
          )}
          <CancelBtn />
          <OkBtn />
        </>
      )}
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
            <Divider titlePlacement="start" plain>
              {t('otaPlans.params')}
            </Divider>
            <div data-testid="ota-plan-params">
              <GatewayParamsForm
                value={params}
                currentVersion={currentVersion}
                onChange={(next) => setParams(next)}
              />
            </div>
            <Divider />
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
