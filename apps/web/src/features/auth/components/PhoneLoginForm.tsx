import { App, Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { ERROR_TOAST_SECONDS } from '../../../shared/api/client';
import { messageOf } from '../../../shared/api/errors';
import { PhoneCodeFields, RESEND_S, useResendCountdown } from '../../../shared/forms/PhoneCodeFields';
import { usePhoneLogin } from '../api/phone-login';
import { useSendLoginCode } from '../api/send-login-code';

interface FormValues {
  phone: string;
  code: string;
}

/** Phone number + verification code sign-in (SPEC 2.1). */
export function PhoneLoginForm({ onSuccess }: { onSuccess: () => void }) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const send = useSendLoginCode();
  const login = usePhoneLogin();
  const { message } = App.useApp();
  const [wait, setWait] = useResendCountdown();
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
      <PhoneCodeFields
        phoneLabel={t('login.phone')}
        testIds={{ phone: 'login-phone', code: 'login-code', send: 'login-send-code' }}
        sending={send.isPending}
        wait={wait}
        onSend={() => void onSend()}
      />
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
