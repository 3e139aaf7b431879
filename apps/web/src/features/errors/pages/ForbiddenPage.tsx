import { Button, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDocumentTitle } from '../../system/hooks/use-document-title';

export default function ForbiddenPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(t('pages.forbiddenTitle'));
  return (
    <div className="fullpage-center" data-testid="page-401">
      <Result
        status="403"
        title={t('pages.forbiddenTitle')}
        subTitle={t('pages.forbidden')}
        extra={
          <Space>
            <Button onClick={() => navigate(-1)}>{t('pages.goBack')}</Button>
            <Button type="primary" onClick={() => navigate('/', { replace: true })}>
              {t('pages.backHome')}
            </Button>
          </Space>
        }
      />
    </div>
  );
}
