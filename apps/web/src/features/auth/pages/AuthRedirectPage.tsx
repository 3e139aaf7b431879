import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LanguageSwitch } from '../../../shared/components/LanguageSwitch';
import { useDocumentTitle } from '../../system/hooks/use-document-title';

/**
 * SPEC 2.1 public landing of a third-party sign-in (/auth-redirect, /authorizationCode). A link that
 * carries a valid payload (`u`, SPEC 2.2) is signed in by the loader before this renders; what is left
 * here is a link without (or with a spent) payload, which says so and leads to /login.
 */
export default function AuthRedirectPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(t('pages.authLinkTitle'));
  return (
    <div className="fullpage-center" data-testid="page-auth-redirect">
      <div className="login-lang">
        <LanguageSwitch variant="light" />
      </div>
      <Result
        status="warning"
        title={t('pages.authLinkTitle')}
        subTitle={t('pages.authLinkInvalid')}
        extra={
          <Button
            type="primary"
            onClick={() => navigate('/login', { replace: true })}
            data-testid="auth-redirect-login"
          >
            {t('pages.toLogin')}
          </Button>
        }
      />
    </div>
  );
}
