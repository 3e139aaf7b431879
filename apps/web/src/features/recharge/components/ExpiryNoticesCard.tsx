import { Badge, Button, Card, Empty, Flex, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCanWrite } from '../../../shared/permission/permission';
import { formatTime } from '../../devices/lib/labels';
import { useExpiryNotices } from '../api/expiry-notices';
import { useMarkExpiryNoticesRead } from '../api/mark-expiry-notices-read';

/**
 * The pre-expiry notices of the account's devices (30, 7, 1 days before the service expiry, and at
 * it), newest first, unread marked; renewing is one click away.
 */
export function ExpiryNoticesCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notices = useExpiryNotices();
  const markRead = useMarkExpiryNoticesRead();
  const canRenew = useCanWrite('Recharge/renew');
  const rows = notices.data ?? [];
  const unread = rows.filter((n) => !n.read).length;
  return (
    <Card
      title={
        <Flex align="center" gap={8}>
          {t('recharge.expiryNotices.title')}
          <Badge count={unread} data-testid="expiry-unread" />
        </Flex>
      }
      extra={
        <Flex gap={4}>
          {unread > 0 ? (
            <Button
              type="link"
              loading={markRead.isPending}
              onClick={() => markRead.mutate(undefined)}
              data-testid="expiry-read-all"
            >
              {t('recharge.expiryNotices.readAll')}
            </Button>
          ) : null}
          {canRenew ? (
            <Button type="link" onClick={() => navigate('/deviceRecharge')} data-testid="expiry-renew">
              {t('recharge.expiryNotices.renew')}
            </Button>
          ) : null}
        </Flex>
      }
      data-testid="expiry-notices"
    >
      <List
        loading={notices.isPending}
        dataSource={rows}
        locale={{
          emptyText: (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('recharge.expiryNotices.none')} />
          ),
        }}
        renderItem={(n) => (
          <List.Item data-testid={`expiry-notice-${n.id}`}>
            <List.Item.Meta
              avatar={<Badge status={n.read ? 'default' : n.stage === 0 ? 'error' : 'warning'} />}
              title={
                n.stage === 0
                  ? t('recharge.expiryNotices.expired', { count: n.count })
                  : t('recharge.expiryNotices.before', { count: n.count, days: n.stage })
              }
              description={
                <Flex vertical>
                  <Typography.Text>{n.devices}</Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {formatTime(n.created_at, t('common.na'))}
                  </Typography.Text>
                </Flex>
              }
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
