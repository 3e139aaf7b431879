import { Alert, Button } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';

/** "Failed to load data" with a retry button, for a query whose answer a page or tab cannot show. */
export function LoadError({
  onRetry,
  testId,
  style,
}: {
  onRetry?: () => void;
  testId?: string;
  style?: CSSProperties;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      style={style}
      title={t('errors.loadFailed')}
      data-testid={testId}
      action={
        onRetry ? (
          <Button size="small" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        ) : undefined
      }
    />
  );
}
