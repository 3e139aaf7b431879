import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/** Last-resort error screen (a page failed to load or crashed). */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const detail = error instanceof Error ? error.message : undefined;
  return (
    <div className="fullpage-center">
      <Result
        status="error"
        title={t('errors.loadFailed')}
        subTitle={detail}
        extra={
          <Button type="primary" onClick={() => location.reload()}>
            {t('common.retry')}
          </Button>
        }
      />
    </div>
  );
}
