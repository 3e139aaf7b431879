import { PASSWORD_RULE } from '@fleet/contracts';
import { App, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { matchesField } from '../../../shared/forms/matches-field';
import { useChangePassword } from '../api/change-password';

interface Values {
  old_password: string;
  new_password: string;
  confirm: string;
}

export function PasswordForm({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const change = useChangePassword();

  const onFinish = (values: Values) => {
    change.mutate(
      { oldPassword: values.old_password, newPassword: values.new_password },
      {
        onSuccess: () => {
          form.resetFields();
          void message.success(t('profile.passwordChanged'));
        },
      },
    );
  };

  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={onFinish}
      disabled={readOnly}
      data-testid="password-form"
      className="profile-form"
    >
      <Form.Item
        name="old_password"
        label={t('profile.oldPassword')}
        rules={[{ required: true, message: t('profile.oldPasswordRequired') }]}
      >
        <Input.Password autoComplete="current-password" data-testid="password-old" />
      </Form.Item>
      <Form.Item
        name="new_password"
        label={t('profile.newPassword')}
        dependencies={['old_password']}
        extra={t('login.passwordRule')}
        rules={[
          { required: true, message: t('profile.newPasswordRequired') },
          { pattern: PASSWORD_RULE, message: t('login.passwordRule') },
          ({ getFieldValue }) => ({
            validator: async (_r, value?: string) => {
              if (value && value === getFieldValue('old_password'))
                throw new Error(t('profile.samePassword'));
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" data-testid="password-new" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('profile.confirmPassword')}
        dependencies={['new_password']}
        rules={[
          { required: true, message: t('profile.confirmRequired') },
          matchesField('new_password', t('profile.passwordMismatch')),
        ]}
      >
        <Input.Password autoComplete="new-password" data-testid="password-confirm" />
      </Form.Item>
      <Form.Item style={{ marginBottom: 0 }}>
        <Button type="primary" htmlType="submit" loading={change.isPending} data-testid="password-submit">
          {t('profile.changePassword')}
        </Button>
      </Form.Item>
    </Form>
  );
}
