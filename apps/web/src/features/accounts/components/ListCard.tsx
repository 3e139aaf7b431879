import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Flex, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../shared/components/LoadError';

/** The frame of every list page: filters on the left, actions on the right, the table below. */
export function ListCard({
  filters,
  actions,
  error,
  onRetry,
  children,
  testId,
}: {
  filters?: ReactNode;
  actions?: ReactNode;
  error?: unknown;
  onRetry?: () => void;
  children: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Card className="list-card" data-testid={testId} styles={{ body: { padding: 16 } }}>
      <Flex className="list-toolbar" gap={12} wrap justify="space-between" align="center">
        <Flex gap={8} wrap align="center" className="list-filters">
          {filters}
        </Flex>
        <Flex gap={8} wrap align="center">
          {actions}
          {onRetry && (
            <Tooltip title={t('accounts.common.refresh')}>
              <Button icon={<ReloadOutlined />} onClick={onRetry} aria-label={t('accounts.common.refresh')} />
            </Tooltip>
          )}
        </Flex>
      </Flex>
      {error ? <LoadError onRetry={onRetry} testId="list-error" style={{ marginBottom: 12 }} /> : null}
      {children}
    </Card>
  );
}

/** The table's empty state: a different text when filters hide everything. */
export function TableEmpty({ filtered }: { filtered: boolean }) {
  const { t } = useTranslation();
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={filtered ? t('accounts.common.emptyFiltered') : t('accounts.common.empty')}
    />
  );
}
