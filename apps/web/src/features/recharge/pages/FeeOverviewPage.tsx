import type { RechargeOrderRow } from '@fleet/contracts';
import { Button, Card, Col, Empty, Row, Skeleton, Statistic, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadError } from '../../../shared/components/LoadError';
import { useCanWrite, usePermission } from '../../../shared/permission/permission';
import { formatTime } from '../../devices/lib/labels';
import { useFeeOverview } from '../api/get-overview';
import { ExpiryNoticesCard } from '../components/ExpiryNoticesCard';
import { OrderStatusTag } from '../lib/labels';
import { yuan } from '../lib/money';

const DAY_MS = 86_400_000;

/** /fee/overview (SPEC 2.1, linked from the expiry notice): balance, month, quotas, expiry, recent orders. */
export default function FeeOverviewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const overview = useFeeOverview();
  const canTopUp = useCanWrite('Recharge/balance');
  const canSeeBalance = usePermission('Recharge/balance');
  if (overview.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (overview.error || !overview.data) {
    return <LoadError onRetry={() => void overview.refetch()} testId="overview-error" />;
  }
  const o = overview.data;
  const na = t('common.na');
  const expire = o.user_expire ? new Date(o.user_expire) : null;
  const days = expire ? Math.ceil((expire.getTime() - Date.now()) / DAY_MS) : null;
  const columns: ColumnsType<RechargeOrderRow> = [
    {
      title: t('recharge.common.time'),
      dataIndex: 'created_at',
      width: 180,
      render: (v: string) => formatTime(v, na),
    },
    { title: t('recharge.balance.orderNo'), dataIndex: 'out_trade_no' },
    {
      title: t('recharge.common.amount'),
      dataIndex: 'amount',
      align: 'right',
      render: (v: number) => yuan(v),
    },
    {
      title: t('recharge.balance.payMode'),
      dataIndex: 'pay_mode',
      render: (v: number) => t(`recharge.payMode.${v}`),
    },
    {
      title: t('recharge.common.status'),
      dataIndex: 'status',
      render: (v: number) => <OrderStatusTag status={v} t={t} />,
    },
  ];
  return (
    <div data-testid="fee-overview-page">
      <Row gutter={[16, 16]}>
        <Col xs={24} sm={12} xl={6}>
          <Card>
            <Statistic
              title={t('recharge.overview.balance')}
              value={yuan(o.balance.available)}
              data-testid="overview-balance"
            />
            {canTopUp ? (
              <Button type="link" style={{ padding: 0 }} onClick={() => navigate('/recharge')}>
                {t('recharge.common.topUp')}
              </Button>
            ) : null}
          </Card>
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <Card>
            <Statistic
              title={t('recharge.overview.monthSpent')}
              value={yuan(o.month_spent)}
              data-testid="overview-month"
            />
          </Card>
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <Card>
            <Row>
              <Col span={12}>
                <Statistic title={t('recharge.overview.smsLeft')} value={o.sms_left ?? t('common.noLimit')} />
              </Col>
              <Col span={12}>
                <Statistic
                  title={t('recharge.overview.voiceLeft')}
                  value={o.voice_left ?? t('common.noLimit')}
                />
              </Col>
            </Row>
          </Card>
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <Card>
            <Statistic
              title={t('recharge.overview.expire')}
              value={expire ? formatTime(o.user_expire, na).slice(0, 10) : t('recharge.overview.never')}
              data-testid="overview-expire"
            />
            {days !== null ? (
              <Tag color={days <= 0 ? 'error' : days <= 30 ? 'warning' : 'default'}>
                {days <= 0 ? t('recharge.overview.expired') : t('recharge.overview.daysLeft', { days })}
              </Tag>
            ) : null}
          </Card>
        </Col>
        <Col span={24}>
          <ExpiryNoticesCard />
        </Col>
        <Col span={24}>
          <Card
            title={t('recharge.overview.recentOrders')}
            extra={
              canSeeBalance ? (
                <Button type="link" onClick={() => navigate('/balance')}>
                  {t('menu.balance')}
                </Button>
              ) : null
            }
          >
            <Table<RechargeOrderRow>
              rowKey="id"
              size="middle"
              columns={columns}
              dataSource={o.recent_orders}
              pagination={false}
              scroll={{ x: 760 }}
              locale={{
                emptyText: (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('recharge.overview.noOrders')} />
                ),
              }}
              data-testid="overview-orders"
            />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
