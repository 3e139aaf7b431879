import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ERROR_TOAST_SECONDS } from '../../../shared/api/client';
import { messageOf } from '../../../shared/api/errors';
import { usePhoneLogin } from '../api/phone-login';
import { useSendLoginCode } from '../api/send-login-code';

interface FormValues {
  phone: string;
  code: string;
}

/** Seconds before another code may be asked for (the server allows one a minute per phone). */
const RESEND_S = 60;

/** Phone number + verification code sign-in (SPEC 2.1). */
export function PhoneLoginForm({ onSuccess }: { onSuccess: () => void }) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const send = useSendLoginCode();
  const login = usePhoneLogin();
  const { message } = App.useApp();
  const [wait, setWait] = useState(0);
  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);
  const showError = (e: unknown) =>
    void message.error({ content: messageOf(e, t, i18n.language), duration: ERROR_TOAST_SECONDS });

  const onSend = async () => {
    const { phone } = await form.validateFields(['phone']);
    send.mutate(phone, {
      onSuccess: () => {
        setWait(RESEND_S);
        void message.success(t('login.codeSent'));
      },
      onError: showError,
    });
  };

  return (
    <Form<FormValues>
      form={form}
      layout="vertical"
      size="large"
      requiredMark={false}
      onFinish={(values) => login.mutate(values, { onSuccess, onError: showError })}
    >
      <Form.Item
        name="phone"
        label={t('login.phone')}
        rules={[
          { required: true, whitespace: true, message: t('login.phoneRequired') },
          { pattern: /^\+?[\d\s-]{8,20}$/, message: t('login.phoneRule') },
        ]}
      >
        <Input prefix={<MobileOutlined />} autoComplete="tel" inputMode="tel" data-testid="login-phone" />
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
              data-testid="login-code"
            />
          </Form.Item>
          <Button
            onClick={() => void onSend()}
            loading={send.isPending}
            disabled={wait > 0}
            data-testid="login-send-code"
          >
            {wait > 0 ? t('login.resendIn', { seconds: wait }) : t('login.sendCode')}
          </Button>
        </Space.Compact>
      </Form.Item>
      <Form.Item style={{ marginBottom: 0 }}>
        <Button
          type="primary"
          htmlType="submit"
          block
          loading={login.isPending}
          data-testid="login-phone-submit"
        >
          {t('login.submit')}
        </Button>
      </Form.Item>
    </Form>
  );
}
