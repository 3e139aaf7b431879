import { LockOutlined, PhoneOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Form, Input, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { LanguageSwitch } from '../../../shared/components/LanguageSwitch';
import { Logo } from '../../../shared/components/Logo';
import { matchesField } from '../../../shared/forms/matches-field';
import { useSystemConfig } from '../../system/api/get-system-config';
import { usePlatformTitle } from '../../system/api/platform-title';
import { useDocumentTitle } from '../../system/hooks/use-document-title';
import { useRegister } from '../api/register';
import { isValidPassword, isValidPhone, isValidUsername, ruleOf } from '../lib/validation';

interface Values {
  username: string;
  password: string;
  confirm: string;
  phone?: string;
}

/** /register: public self-registration (a registered user, type 5) while the userRegistration module is on. */
export default function RegisterPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const title = usePlatformTitle();
  const config = useSystemConfig();
  const register = useRegister();
  useDocumentTitle(t('accounts.registerPage.title'));
  const enabled = config.data?.modules.userRegistration === true;

  const onFinish = (values: Values) =>
    register.mutate(values, {
      onSuccess: () => {
        void message.success(t('accounts.registerPage.done'));
        navigate('/login', { replace: true });
      },
    });

  return (
    <div className="login-page register-page" data-testid="register-page">
      <div className="login-lang">
        <LanguageSwitch variant="light" />
      </div>
      <section className="login-hero">
        <div className="login-hero-inner">
          <div className="login-brand">
            <Logo size={44} />
            <span className="login-brand-title">{title}</span>
          </div>
          <h2 className="login-hero-tagline">{t('app.tagline')}</h2>
        </div>
      </section>
      <section className="login-panel">
        <Card className="login-card" variant="borderless">
          <div className="login-card-brand">
            <Logo size={36} />
            <span>{title}</span>
          </div>
          <h3 className="login-card-title">{t('accounts.registerPage.title')}</h3>
          <p className="login-card-subtitle">{t('accounts.registerPage.subtitle')}</p>
          {config.isPending ? (
            <Skeleton active paragraph={{ rows: 4 }} />
          ) : !enabled ? (
            <Alert type="info" showIcon title={t('accounts.registerPage.closed')} />
          ) : (
            <Form<Values> layout="vertical" size="large" requiredMark={false} onFinish={onFinish}>
              <Form.Item
                name="username"
                label={t('login.username')}
                normalize={(v: string) => v.trimStart()}
                rules={[
                  { required: true, whitespace: true, message: t('login.usernameRequired') },
                  ruleOf(isValidUsername, t('login.usernameRule')),
                ]}
              >
                <Input prefix={<UserOutlined />} autoComplete="username" data-testid="register-username" />
              </Form.Item>
              <Form.Item
                name="password"
                label={t('login.password')}
                rules={[
                  { required: true, message: t('login.passwordRequired') },
                  ruleOf(isValidPassword, t('login.passwordRule')),
                ]}
              >
                <Input.Password
                  prefix={<LockOutlined />}
                  autoComplete="new-password"
                  data-testid="register-password"
                />
              </Form.Item>
              <Form.Item
                name="confirm"
                label={t('accounts.users.confirmPassword')}
                dependencies={['password']}
                rules={[
                  { required: true, message: t('login.passwordRequired') },
                  matchesField('password', t('accounts.users.passwordMismatch')),
                ]}
              >
                <Input.Password
                  prefix={<LockOutlined />}
                  autoComplete="new-password"
                  data-testid="register-confirm"
                />
              </Form.Item>
              <Form.Item
                name="phone"
                label={t('accounts.users.phone')}
                rules={[ruleOf(isValidPhone, t('accounts.users.phoneInvalid'))]}
              >
                <Input prefix={<PhoneOutlined />} autoComplete="tel" data-testid="register-phone" />
              </Form.Item>
              <Button
                type="primary"
                htmlType="submit"
                block
                loading={register.isPending}
                data-testid="register-submit"
              >
                {t('accounts.registerPage.submit')}
              </Button>
            </Form>
          )}
          <div className="login-switch">
            <Link to="/login" data-testid="register-to-login">
              {t('accounts.registerPage.haveAccount')}
            </Link>
          </div>
        </Card>
      </section>
    </div>
  );
}
