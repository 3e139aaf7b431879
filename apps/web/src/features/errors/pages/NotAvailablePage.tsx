import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

/** A SPEC 2.3 route whose page is not built yet (app/planned-routes.ts): says so and links back. */
export default function NotAvailablePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <div className="fullpage-center" data-testid="page-not-available">
      <Result
        status="info"
        title={t('pages.notAvailableTitle')}
        subTitle={t('pages.notAvailable', { path: pathname })}
        extra={[
          <Button key="back" onClick={() => navigate(-1)} data-testid="not-available-back">
            {t('pages.goBack')}
          </Button>,
          <Button
            key="home"
            type="primary"
            onClick={() => navigate('/', { replace: true })}
            data-testid="not-available-home"
          >
            {t('pages.backHome')}
          </Button>,
        ]}
      />
    </div>
  );
}
