import type { MerchantSettingsInput, MerchantSettingsRow, PaymentProviderName } from '@fleet/contracts';
import { App, Button, Card, Col, Form, Input, Row, Switch, Tabs } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../shared/components/PageContainer';
import { useCanWrite } from '../../../shared/permission/permission';
import { useMerchants } from '../api/list-merchants';
import { useSaveMerchant } from '../api/save-merchant';

type Values = Omit<MerchantSettingsInput, 'private_key' | 'api_key'> & {
  private_key?: string;
  api_key?: string;
};

function MerchantForm({ provider, stored }: { provider: PaymentProviderName; stored?: MerchantSettingsRow }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const save = useSaveMerchant();
  const canWrite = useCanWrite('Others');
  const [form] = Form.useForm<Values>();
  const wechat = provider === 'wechat';
  useEffect(() => {
    form.setFieldsValue({
      enabled: stored?.enabled ?? false,
      app_id: stored?.app_id ?? '',
      merchant_id: stored?.merchant_id ?? '',
      serial_no: stored?.serial_no ?? '',
      public_key: stored?.public_key ?? '',
      endpoint: stored?.endpoint ?? '',
      notify_base_url: stored?.notify_base_url ?? window.location.origin,
      private_key: '',
      api_key: '',
    });
  }, [stored, form]);
  const required = [{ required: true, message: t('recharge.merchant.required') }];
  const secretRules = (has: boolean | undefined) => (has ? [] : required);
  const onFinish = (v: Values) => {
    const body: Partial<MerchantSettingsInput> = { ...v };
    if (!v.private_key) delete body.private_key;
    if (!v.api_key || !wechat) delete body.api_key;
    save.mutate({ provider, body }, { onSuccess: () => void message.success(t('recharge.merchant.saved')) });
  };
  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={onFinish}
      disabled={!canWrite}
      data-testid={`merchant-form-${provider}`}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="enabled" label={t('recharge.merchant.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="app_id" label={t('recharge.merchant.appId')} rules={required}>
            <Input />
          </Form.Item>
          <Form.Item
            name="merchant_id"
            label={wechat ? t('recharge.merchant.mchId') : t('recharge.merchant.sellerId')}
            rules={wechat ? required : []}
          >
            <Input />
          </Form.Item>
          {wechat ? (
            <Form.Item name="serial_no" label={t('recharge.merchant.serialNo')} rules={required}>
              <Input />
            </Form.Item>
          ) : null}
          <Form.Item name="notify_base_url" label={t('recharge.merchant.notifyBase')} rules={required}>
            <Input placeholder="https://iot.example.com" />
          </Form.Item>
          <Form.Item name="endpoint" label={t('recharge.merchant.endpoint')}>
            <Input
              placeholder={wechat ? 'https://api.mch.weixin.qq.com' : 'https://openapi.alipay.com/gateway.do'}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="public_key"
            label={wechat ? t('recharge.merchant.publicKeyWechat') : t('recharge.merchant.publicKeyAlipay')}
            rules={required}
          >
            <Input.TextArea rows={4} spellCheck={false} />
          </Form.Item>
          <Form.Item
            name="private_key"
            label={wechat ? t('recharge.merchant.privateKeyWechat') : t('recharge.merchant.privateKeyAlipay')}
            rules={secretRules(stored?.has_private_key)}
          >
            <Input.TextArea
              rows={4}
              spellCheck={false}
              placeholder={
                stored?.has_private_key ? t('recharge.merchant.stored') : '-----BEGIN PRIVATE KEY-----'
              }
            />
          </Form.Item>
          {wechat ? (
            <Form.Item
              name="api_key"
              label={t('recharge.merchant.apiKey')}
              rules={secretRules(stored?.has_api_key)}
            >
              <Input.Password
                autoComplete="new-password"
                placeholder={stored?.has_api_key ? t('recharge.merchant.stored') : ''}
              />
            </Form.Item>
          ) : null}
        </Col>
      </Row>
      <Button
        type="primary"
        htmlType="submit"
        loading={save.isPending}
        data-testid={`merchant-save-${provider}`}
      >
        {t('recharge.merchant.save')}
      </Button>
    </Form>
  );
}

/** Platform management: WeChat Pay and Alipay merchant settings (the keys are sealed and never shown). */
export function MerchantSettingsCard() {
  const { t } = useTranslation();
  const merchants = useMerchants();
  const of = (p: PaymentProviderName) => merchants.data?.find((m) => m.provider === p);
  return (
    <Card title={t('recharge.merchant.title')} data-testid="merchant-card">
      <QueryState
        loading={merchants.isPending}
        error={merchants.error}
        onRetry={() => void merchants.refetch()}
      >
        <Tabs
          items={[
            {
              key: 'wechat',
              label: t('recharge.merchant.wechat'),
              children: <MerchantForm provider="wechat" stored={of('wechat')} />,
            },
            {
              key: 'alipay',
              label: t('recharge.merchant.alipay'),
              children: <MerchantForm provider="alipay" stored={of('alipay')} />,
            },
          ]}
        />
      </QueryState>
    </Card>
  );
}
