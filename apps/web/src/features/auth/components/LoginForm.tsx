import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { USERNAME_RULE } from '@fleet/contracts';
import { App, Button, Divider, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { ERROR_TOAST_SECONDS } from '../../../shared/api/client';
import { messageOf } from '../../../shared/api/errors';
import { useDemoLogin } from '../api/demo-login';
import { useLogin } from '../api/login';

const PASSWORD_MIN_LENGTH = 6;

interface FormValues {
  username: string;
  password: string;
}

/** Username / password sign-in (SPEC 2.1, 5) plus the demo button when the server enables it. */
export function LoginForm({ demoEnabled, onSuccess }: { demoEnabled: boolean; onSuccess: () => void }) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const login = useLogin();
  const demo = useDemoLogin();
  const { message } = App.useApp();
  // SPEC 8: on a nonzero code the login shows the server's msg (20000: the data text).
  const showError = (e: unknown) =>
    void message.error({ content: messageOf(e, t, i18n.language), duration: ERROR_TOAST_SECONDS });

  const onFinish = (values: FormValues) => {
    login.mutate(values, { onSuccess, onError: showError });
  };

  const onDemo = () => {
    demo.mutate(undefined, { onSuccess, onError: showError });
  };

  return (
    <Form<FormValues>
      form={form}
      layout="vertical"
      size="large"
      requiredMark={false}
      onFinish={onFinish}
      autoComplete="on"
    >
      <Form.Item
        name="username"
        label={t('login.username')}
        normalize={(v: string) => v.trimStart()}
        rules={[
          { required: true, whitespace: true, message: t('login.usernameRequired') },
          {
            validator: async (_r, v?: string) => {
              if (v && !USERNAME_RULE.test(v.trim())) throw new Error(t('login.usernameRule'));
            },
          },
        ]}
      >
        <Input
          prefix={<UserOutlined />}
          placeholder={t('login.usernamePlaceholder')}
          autoComplete="username"
          data-testid="login-username"
        />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('login.password')}
        rules={[
          { required: true, message: t('login.passwordRequired') },
          // Existing passwords are not re-validated against today's rule (that is for new passwords);
          // the login only insists on the minimum length the rule implies.
          { min: PASSWORD_MIN_LENGTH, message: t('login.passwordRule') },
        ]}
      >
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('login.passwordPlaceholder')}
          autoComplete="current-password"
          data-testid="login-password"
        />
      </Form.Item>
      <Form.Item style={{ marginBottom: demoEnabled ? 8 : 0 }}>
        <Button type="primary" htmlType="submit" block loading={login.isPending} data-testid="login-submit">
          {t('login.submit')}
        </Button>
      </Form.Item>
      {demoEnabled && (
        <>
          <Divider plain className="login-divider">
            {t('login.or')}
          </Divider>
          <Button block onClick={onDemo} loading={demo.isPending} data-testid="demo-login">
            {t('login.demo')}
          </Button>
        </>
      )}
    </Form>
  );
}
