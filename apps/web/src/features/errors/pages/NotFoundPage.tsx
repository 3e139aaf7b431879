import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDocumentTitle } from '../../system/hooks/use-document-title';

export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(t('pages.notFoundTitle'));
  return (
    <div className="fullpage-center" data-testid="page-404">
      <Result
        status="404"
        title={t('pages.notFoundTitle')}
        subTitle={t('pages.notFound')}
        extra={
          <Button type="primary" onClick={() => navigate('/', { replace: true })}>
            {t('pages.backHome')}
          </Button>
        }
      />
    </div>
  );
}
