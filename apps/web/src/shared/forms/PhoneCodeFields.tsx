import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { Button, Form, Input, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Seconds before another code may be asked for (the server allows one a minute per phone). */
export const RESEND_S = 60;

/** Seconds left before the next code may be asked for, counting down once a second. */
export function useResendCountdown(): [number, (seconds: number) => void] {
  const [wait, setWait] = useState(0);
  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);
  return [wait, setWait];
}

export interface PhoneCodeFieldsProps {
  phoneLabel: string;
  /** Test ids of the phone input, the code input and the send button. */
  testIds: { phone: string; code: string; send: string };
  sending: boolean;
  disabled?: boolean;
  /** From useResendCountdown: the send button waits while it is above 0. */
  wait: number;
  onSend: () => void;
}

/**
 * The phone number and the six-digit code with its "send code" button, as phone sign-in (SPEC 2.1)
 * and phone binding (profile) both ask for them. Fields `phone` and `code` of the enclosing form.
 */
export function PhoneCodeFields({
  phoneLabel,
  testIds,
  sending,
  disabled,
  wait,
  onSend,
}: PhoneCodeFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="phone"
        label={phoneLabel}
        rules={[
          { required: true, whitespace: true, message: t('login.phoneRequired') },
          { pattern: /^\+?[\d\s-]{8,20}$/, message: t('login.phoneRule') },
        ]}
      >
        <Input prefix={<MobileOutlined />} autoComplete="tel" inputMode="tel" data-testid={testIds.phone} />
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
              data-testid={testIds.code}
            />
          </Form.Item>
          <Button
            onClick={onSend}
            loading={sending}
            disabled={disabled || wait > 0}
            data-testid={testIds.send}
          >
            {wait > 0 ? t('login.resendIn', { seconds: wait }) : t('login.sendCode')}
          </Button>
        </Space.Compact>
      </Form.Item>
    </>
  );
}
