import {
  SMS_PROVIDERS,
  SMS_TEMPLATE_KINDS,
  type SmsChannel,
  type SmsSettingsInput,
  type SmsSettingsRow,
  type SmsTestAnswer,
} from '@fleet/contracts';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permit } from '../../../shared/permission/Permit';
import { useSaveSmsProvider } from '../api/save-sms-provider';
import { useTestSmsProvider } from '../api/test-sms-provider';

type Values = Omit<SmsSettingsInput, 'templates'> & { templates: Record<string, string> };

const valuesOf = (row: SmsSettingsRow): Values => ({
  provider: row.provider ?? 'aliyun',
  access_key_id: row.access_key_id,
  access_key_secret: '',
  endpoint: row.endpoint,
  region: row.region,
  sdk_app_id: row.sdk_app_id,
  sign_name: row.sign_name,
  show_number: row.show_number,
  play_times: row.play_times,
  templates: { ...row.templates },
});

/** One channel's provider account (SMS or voice): settings form, receipt address and send test. */
export function SmsProviderCard({ row }: { row: SmsSettingsRow }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const channel: SmsChannel = row.channel;
  const [form] = Form.useForm<Values>();
  const save = useSaveSmsProvider();
  const test = useTestSmsProvider();
  const [phone, setPhone] = useState('');
  const [answer, setAnswer] = useState<SmsTestAnswer | null>(null);
  const provider = Form.useWatch('provider', form) ?? row.provider ?? 'aliyun';
  useEffect(() => form.setFieldsValue(valuesOf(row)), [form, row]);

  const onSave = (values: Values) => {
    const body = { ...values, access_key_secret: values.access_key_secret || undefined };
    save.mutate(
      { channel, body },
      {
        onSuccess: () => {
          form.setFieldValue('access_key_secret', '');
          void message.success(t('notices.providers.saved'));
        },
      },
    );
  };
  const receipt = row.receipt_path ? `${window.location.origin}/api/v1${row.receipt_path}` : null;

  return (
    <Card title={t(`notices.providers.title.${channel}`)} data-testid={`sms-provider-${channel}`}>
      <Typography.Paragraph type="secondary">{t(`notices.providers.help.${channel}`)}</Typography.Paragraph>
      <Form<Values> form={form} layout="vertical" onFinish={onSave} initialValues={valuesOf(row)}>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="provider" label={t('notices.providers.provider')} rules={[{ required: true }]}>
              <Select
                options={SMS_PROVIDERS.map((p) => ({ value: p, label: t(`notices.providers.names.${p}`) }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="access_key_id"
              label={t(`notices.providers.keyId.${provider}`)}
              rules={[{ required: true, message: t('notices.providers.required') }]}
            >
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="access_key_secret"
              label={t(`notices.providers.secret.${provider}`)}
              extra={row.has_secret ? t('notices.providers.secretKept') : undefined}
              rules={row.has_secret ? [] : [{ required: true, message: t('notices.providers.required') }]}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </Col>
          {provider === 'tencent' && (
            <Col xs={24} md={8}>
              <Form.Item
                name="sdk_app_id"
                label={t('notices.providers.sdkAppId')}
                rules={[{ required: true, message: t('notices.providers.required') }]}
              >
                <Input />
              </Form.Item>
            </Col>
          )}
          {channel === 'sms' ? (
            <Col xs={24} md={8}>
              <Form.Item
                name="sign_name"
                label={t('notices.providers.signName')}
                rules={[{ required: true, message: t('notices.providers.required') }]}
              >
                <Input />
              </Form.Item>
            </Col>
          ) : (
            <>
              {provider === 'aliyun' && (
                <Col xs={24} md={8}>
                  <Form.Item name="show_number" label={t('notices.providers.showNumber')}>
                    <Input />
                  </Form.Item>
                </Col>
              )}
              <Col xs={24} md={8}>
                <Form.Item name="play_times" label={t('notices.providers.playTimes')}>
                  <InputNumber min={1} max={3} precision={0} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
            </>
          )}
          <Col xs={24} md={8}>
            <Form.Item name="region" label={t('notices.providers.region')}>
              <Input placeholder={provider === 'aliyun' ? 'cn-hangzhou' : 'ap-guangzhou'} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="endpoint" label={t('notices.providers.endpoint')}>
              <Input placeholder={t('notices.providers.endpointDefault')} />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Text strong>{t('notices.providers.templates')}</Typography.Text>
        <Row gutter={16} style={{ marginTop: 8 }}>
          {SMS_TEMPLATE_KINDS.map((kind) => (
            <Col xs={24} sm={12} md={6} key={kind}>
              <Form.Item name={['templates', kind]} label={t(`notices.providers.kinds.${kind}`)}>
                <Input
                  placeholder={provider === 'aliyun' ? (channel === 'sms' ? 'SMS_…' : 'TTS_…') : '123456'}
                />
              </Form.Item>
            </Col>
          ))}
        </Row>
        {receipt && (
          <Form.Item label={t('notices.providers.receiptUrl')} extra={t('notices.providers.receiptHelp')}>
            <Typography.Text copyable code data-testid={`receipt-url-${channel}`}>
              {receipt}
            </Typography.Text>
          </Form.Item>
        )}
        <Permit mode="disable">
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid={`save-${channel}`}>
            {t('notices.providers.save')}
          </Button>
        </Permit>
      </Form>
      {row.configured && (
        <Space.Compact style={{ marginTop: 16, maxWidth: 420, width: '100%' }}>
          <Input
            aria-label={t('notices.providers.testPhone')}
            placeholder={t('notices.providers.testPhone')}
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
          />
          <Permit mode="disable">
            <Button
              disabled={!phone.trim()}
              loading={test.isPending}
              onClick={() => test.mutate({ channel, phone: phone.trim() }, { onSuccess: setAnswer })}
              data-testid={`test-${channel}`}
            >
              {t('notices.providers.sendTest')}
            </Button>
          </Permit>
        </Space.Compact>
      )}
      {answer && (
        <Alert
          style={{ marginTop: 12 }}
          type={answer.accepted ? 'success' : 'error'}
          showIcon
          message={
            answer.accepted
              ? t('notices.providers.testAccepted', { id: answer.provider_id })
              : t('notices.providers.testRefused', { code: answer.code, message: answer.message })
          }
          data-testid={`test-answer-${channel}`}
        />
      )}
    </Card>
  );
}
