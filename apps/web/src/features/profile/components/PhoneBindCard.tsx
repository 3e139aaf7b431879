import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Form, Input, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../shared/api/errors';
import { useBindPhone } from '../api/bind-phone';
import { useMyPhone } from '../api/get-my-phone';
import { useSendBindCode } from '../api/send-bind-code';

interface Values {
  phone: string;
  code: string;
}

/** Seconds before another code may be asked for (the server allows one a minute per phone). */
const RESEND_S = 60;

/**
 * Bind or change the account's verified phone with a code sent to it (issue 21 item 4). Shown only
 * when the platform has an SMS provider for codes. Errors (wrong code, too many tries, too many
 * codes asked for) stay visible under the form rather than in a passing toast.
 */
export function PhoneBindCard({ readOnly }: { readOnly: boolean }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const bound = useMyPhone();
  const send = useSendBindCode();
  const bind = useBindPhone();
  const [error, setError] = useState<string | null>(null);
  const [wait, setWait] = useState(0);
  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);
  const showError = (e: unknown) => setError(messageOf(e, t, i18n.language));

  const onSend = async () => {
    const { phone } = await form.validateFields(['phone']);
    setError(null);
    send.mutate(phone, {
      onSuccess: () => {
        setWait(RESEND_S);
        void message.success(t('profile.phoneCodeSent'));
      },
      onError: showError,
    });
  };
  const onFinish = (values: Values) => {
    setError(null);
    bind.mutate(values, {
      onSuccess: () => {
        form.resetFields();
        setWait(0);
        void message.success(t('profile.phoneBound'));
      },
      onError: showError,
    });
  };

  const current = bound.data?.phone ?? null;
  return (
    <Card className="profile-card" title={t('profile.phoneBinding')} data-testid="phone-bind-card">
      <Typography.Paragraph>
        {t('profile.phoneBoundNow')}:{' '}
        <Typography.Text strong data-testid="phone-bound">
          {current ?? t('profile.phoneNone')}
        </Typography.Text>
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('profile.phoneBindHelp')}</Typography.Paragraph>
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={onFinish}
        disabled={readOnly}
        className="profile-form"
        requiredMark={false}
      >
        <Form.Item
          name="phone"
          label={current ? t('profile.phoneNew') : t('profile.phone')}
          rules={[
            { required: true, whitespace: true, message: t('login.phoneRequired') },
            { pattern: /^\+?[\d\s-]{8,20}$/, message: t('login.phoneRule') },
          ]}
        >
          <Input
            prefix={<MobileOutlined />}
            autoComplete="tel"
            inputMode="tel"
            data-testid="phone-bind-phone"
          />
        </Form.Item>
        <Form.Item label={t('login.code')} required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item
              name="code"
              noStyle
              rules={[{ required: true, pattern: /^\d{6}$/, message: t('login.codeRule') }]}
            >
              <Input
                prefix={<SafetyOutlined />}
                maxLength={6}
                autoComplete="one-time-code"
                inputMode="numeric"
                aria-label={t('login.code')}
                data-testid="phone-bind-code"
              />
            </Form.Item>
            <Button
              onClick={() => void onSend()}
              loading={send.isPending}
              disabled={readOnly || wait > 0}
              data-testid="phone-bind-send"
            >
              {wait > 0 ? t('login.resendIn', { seconds: wait }) : t('login.sendCode')}
            </Button>
          </Space.Compact>
        </Form.Item>
        {error && (
          <Alert
            type="error"
            showIcon
            title={error}
            style={{ marginBottom: 16 }}
            data-testid="phone-bind-error"
          />
        )}
        <Form.Item style={{ marginBottom: 0 }}>
          <Button type="primary" htmlType="submit" loading={bind.isPending} data-testid="phone-bind-submit">
            {current ? t('profile.phoneChange') : t('profile.phoneBind')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
