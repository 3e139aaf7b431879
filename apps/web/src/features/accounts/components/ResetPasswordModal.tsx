import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { matchesField } from '../../../shared/forms/matches-field';
import { useResetPassword } from '../api/reset-password';
import type { UserRow } from '../api/types';
import { isValidPassword, ruleOf } from '../lib/validation';

export function ResetPasswordModal({ user, onClose }: { user: UserRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ password: string; confirm: string }>();
  const reset = useResetPassword();

  const onOk = async () => {
    const values = await form.validateFields();
    if (!user) return;
    reset.mutate(
      { id: user.user_id, password: values.password },
      {
        onSuccess: () => {
          void message.success(t('accounts.users.passwordReset'));
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      open={user !== null}
      title={user ? t('accounts.users.resetPasswordTitle', { name: user.username }) : ''}
      onCancel={onClose}
      onOk={() => void onOk()}
      confirmLoading={reset.isPending}
      okButtonProps={{ 'data-testid': 'reset-password-ok' }}
      destroyOnHidden
      afterClose={() => form.resetFields()}
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="password"
          label={t('accounts.users.password')}
          tooltip={t('accounts.users.passwordRule')}
          rules={[
            { required: true, message: t('accounts.users.passwordRequired') },
            ruleOf(isValidPassword, t('accounts.users.passwordRule')),
          ]}
        >
          <Input.Password autoComplete="new-password" data-testid="reset-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('accounts.users.confirmPassword')}
          dependencies={['password']}
          rules={[
            { required: true, message: t('accounts.users.passwordRequired') },
            matchesField('password', t('accounts.users.passwordMismatch')),
          ]}
        >
          <Input.Password autoComplete="new-password" data-testid="reset-password-confirm" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
