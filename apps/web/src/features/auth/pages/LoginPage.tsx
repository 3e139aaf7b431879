import { ApiOutlined, CloudServerOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Button, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { safeRedirect } from '../../../app/route-access';
import { LanguageSwitch } from '../../../shared/components/LanguageSwitch';
import { Logo } from '../../../shared/components/Logo';
import { useSystemConfig } from '../../system/api/get-system-config';
import { usePlatformTitle } from '../../system/api/platform-title';
import { useDocumentTitle } from '../../system/hooks/use-document-title';
import { LoginForm } from '../components/LoginForm';
import { PhoneLoginForm } from '../components/PhoneLoginForm';

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [byPhone, setByPhone] = useState(false);
  const [params] = useSearchParams();
  const title = usePlatformTitle();
  const config = useSystemConfig();
  useDocumentTitle(t('login.title'));

  const onSuccess = () => navigate(safeRedirect(params.get('redirect')), { replace: true });

  const features = [
    { icon: <CloudServerOutlined />, text: t('login.feature1') },
    { icon: <SafetyCertificateOutlined />, text: t('login.feature2') },
    { icon: <ApiOutlined />, text: t('login.feature3') },
  ];

  return (
    <div className="login-page" data-testid="login-page">
      <div className="login-lang">
        <LanguageSwitch variant="light" />
      </div>
      <section className="login-hero" aria-hidden="false">
        <div className="login-hero-inner">
          <div className="login-brand">
            <Logo size={44} />
            <span className="login-brand-title">{title}</span>
          </div>
          <h2 className="login-hero-tagline">{t('app.tagline')}</h2>
          <ul className="login-features">
            {features.map((f) => (
              <li key={f.text}>
                <span className="login-feature-icon">{f.icon}</span>
                {f.text}
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section className="login-panel">
        {/* A plain panel, not antd Card: Card brings Tabs (its tabList) into the login page's first load. */}
        <div className="login-card">
          <div className="login-card-brand">
            <Logo size={36} />
            <span data-testid="login-title">{title}</span>
          </div>
          <h3 className="login-card-title">{t('login.welcome')}</h3>
          <p className="login-card-subtitle">{t('login.subtitle')}</p>
          {config.isPending ? (
            <Skeleton active paragraph={{ rows: 4 }} />
          ) : (
            <>
              {byPhone ? (
                <PhoneLoginForm onSuccess={onSuccess} />
              ) : (
                <LoginForm demoEnabled={config.data?.demo_enabled === true} onSuccess={onSuccess} />
              )}
              {config.data?.phone_login && (
                <div className="login-switch">
                  <Button type="link" onClick={() => setByPhone((v) => !v)} data-testid="login-mode">
                    {byPhone ? t('login.withPassword') : t('login.withPhone')}
                  </Button>
                </div>
              )}
            </>
          )}
          {config.data?.modules.userRegistration && (
            <div className="login-switch">
              <Link to="/register" data-testid="login-to-register">
                {t('login.noAccount')}
              </Link>
            </div>
          )}
        </div>
        <div className="login-footer">
          © {new Date().getFullYear()} {title}
          {config.data?.version ? ` · v${config.data.version}` : ''}
        </div>
      </section>
    </div>
  );
}
