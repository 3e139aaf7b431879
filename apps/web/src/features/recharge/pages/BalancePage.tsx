import { WalletOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Space, Statistic, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadError } from '../../../shared/components/LoadError';
import { useCanWrite } from '../../../shared/permission/permission';
import { useBalance } from '../api/get-balance';
import { OrdersTab } from '../components/OrdersTab';
import { StatementTab } from '../components/StatementTab';
import { yuan } from '../lib/money';

/** /balance (Recharge/balance): the balance from the ledger, its statement and the top-up orders. */
export default function BalancePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const balance = useBalance();
  const canTopUp = useCanWrite('Recharge/balance');
  return (
    <div data-testid="balance-page">
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Card>
          {balance.error ? (
            <LoadError onRetry={() => void balance.refetch()} testId="balance-error" />
          ) : (
            <Flex justify="space-between" align="center" wrap gap={16}>
              <Flex gap={48} wrap>
                <Statistic
                  title={t('recharge.balance.available')}
                  value={balance.data ? yuan(balance.data.available) : ' '}
                  loading={balance.isPending}
                  prefix={<WalletOutlined />}
                  data-testid="balance-available"
                />
                {balance.data && balance.data.pending_debits > 0 ? (
                  <Statistic
                    title={t('recharge.balance.pending')}
                    value={yuan(balance.data.pending_debits)}
                  />
                ) : null}
              </Flex>
              {canTopUp ? (
                <Button
                  type="primary"
                  size="large"
                  onClick={() => navigate('/recharge')}
                  data-testid="balance-top-up"
                >
                  {t('recharge.common.topUp')}
                </Button>
              ) : null}
            </Flex>
          )}
        </Card>
        <Tabs
          items={[
            { key: 'statement', label: t('recharge.balance.statement'), children: <StatementTab /> },
            { key: 'orders', label: t('recharge.balance.orders'), children: <OrdersTab /> },
          ]}
          data-testid="balance-tabs"
        />
      </Space>
    </div>
  );
}
