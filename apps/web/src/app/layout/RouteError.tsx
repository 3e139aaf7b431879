import { CloseCircleFilled } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/**
 * Last-resort error screen (a page failed to load or crashed). It looks like Ant Design's
 * `<Result status="error">` but is plain markup: Result's module carries three large illustrations
 * (403/404/500) that would otherwise be part of every page's first load, the login page's too.
 */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const detail = error instanceof Error ? error.message : undefined;
  return (
    <div className="fullpage-center">
      <div className="route-error" role="alert">
        <CloseCircleFilled className="route-error-icon" aria-hidden />
        <h1 className="route-error-title">{t('errors.loadFailed')}</h1>
        {detail && <p className="route-error-detail">{detail}</p>}
        <Button type="primary" onClick={() => location.reload()}>
          {t('common.retry')}
        </Button>
      </div>
    </div>
  );
}
