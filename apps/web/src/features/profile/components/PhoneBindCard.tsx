import { Alert, App, Button, Card, Form, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../shared/api/errors';
import { PhoneCodeFields, RESEND_S, useResendCountdown } from '../../../shared/forms/PhoneCodeFields';
import { useBindPhone } from '../api/bind-phone';
import { useMyPhone } from '../api/get-my-phone';
import { useSendBindCode } from '../api/send-bind-code';

interface Values {
  phone: string;
  code: string;
}

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
  const [wait, setWait] = useResendCountdown();
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
        <PhoneCodeFields
          phoneLabel={current ? t('profile.phoneNew') : t('profile.phone')}
          testIds={{ phone: 'phone-bind-phone', code: 'phone-bind-code', send: 'phone-bind-send' }}
          sending={send.isPending}
          disabled={readOnly}
          wait={wait}
          onSend={() => void onSend()}
        />
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
