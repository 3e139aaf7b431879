import { BellOutlined, RightOutlined } from '@ant-design/icons';
import type { WorkOrderRow } from '@fleet/contracts';
import { Badge, Button, Card, Empty, Flex, List, Segmented, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../shared/components/LoadError';
import { formatTime } from '../../devices/lib/labels';
import { useMyNotices } from '../api/list-my-notices';
import { useWorkOrders } from '../api/list-work-orders';
import { useMarkNoticesRead } from '../api/mark-notices-read';
import { WorkOrderDrawer } from '../components/WorkOrderDrawer';
import { DueTag, PriorityTag, WorkOrderStatusTag } from '../components/WorkOrderTags';

type View = 'open' | 'overdue' | 'due_soon' | 'done';

/** One order as a card: big enough to tap on a phone. */
function OrderCard({ row, onOpen }: { row: WorkOrderRow; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <Card
      hoverable
      onClick={onOpen}
      styles={{ body: { padding: 14 } }}
      data-testid="my-work-order"
      role="button"
      aria-label={row.title}
    >
      <Flex justify="space-between" align="center" gap={8}>
        <Flex vertical gap={6} style={{ minWidth: 0 }}>
          <Typography.Text strong ellipsis style={{ fontSize: 16 }}>
            #{row.id} {row.title}
          </Typography.Text>
          <Flex gap={4} wrap>
            <WorkOrderStatusTag status={row.status} />
            <PriorityTag priority={row.priority} />
            <DueTag row={row} />
          </Flex>
          <Typography.Text type="secondary">
            {row.device_title ?? t('maintenance.none')} · {t('maintenance.field.dueAt')}{' '}
            {formatTime(row.due_at, t('common.na'))}
          </Typography.Text>
        </Flex>
        <RightOutlined />
      </Flex>
    </Card>
  );
}

/** /maintenance/myWorkOrder: the assignee's orders and notices, laid out for a phone. */
export default function MyWorkOrdersPage() {
  const { t } = useTranslation();
  const [view, setView] = useState<View>('open');
  const [openId, setOpenId] = useState<number | null>(null);
  const notices = useMyNotices();
  const markRead = useMarkNoticesRead();
  const orders = useWorkOrders({
    mine: true,
    limit: 50,
    page: 1,
    view: view === 'overdue' || view === 'due_soon' ? view : undefined,
  });
  const rows = (orders.data?.rows ?? []).filter((r) => (view === 'done' ? r.status >= 3 : r.status <= 2));
  const unread = (notices.data ?? []).filter((n) => !n.read);

  return (
    <Flex vertical gap={12} data-testid="my-work-orders-page" style={{ maxWidth: 720 }}>
      {unread.length > 0 && (
        <Card size="small" data-testid="my-work-order-notices">
          <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
            <Badge count={unread.length}>
              <Typography.Text strong>
                <BellOutlined /> {t('maintenance.mine.notices')}
              </Typography.Text>
            </Badge>
            <Button size="large" onClick={() => markRead.mutate()} loading={markRead.isPending}>
              {t('maintenance.mine.markRead')}
            </Button>
          </Flex>
          <List
            size="small"
            dataSource={unread.slice(0, 5)}
            renderItem={(n) => (
              <List.Item onClick={() => setOpenId(n.order_id)} style={{ cursor: 'pointer', minHeight: 44 }}>
                <Typography.Text>
                  {t(`maintenance.mine.noticeKind.${n.kind}`)}: {n.title}
                </Typography.Text>
              </List.Item>
            )}
          />
        </Card>
      )}
      <Segmented
        block
        size="large"
        value={view}
        onChange={(v) => setView(v as View)}
        options={[
          { value: 'open', label: t('maintenance.views.all') },
          { value: 'overdue', label: t('maintenance.views.overdue') },
          { value: 'due_soon', label: t('maintenance.views.dueSoon') },
          { value: 'done', label: t('maintenance.status.3') },
        ]}
        data-testid="my-work-order-view"
      />
      {orders.error ? <LoadError onRetry={() => void orders.refetch()} /> : null}
      {orders.isPending ? (
        <Skeleton active />
      ) : rows.length === 0 ? (
        <Empty description={t('maintenance.mine.empty')} />
      ) : (
        rows.map((row) => <OrderCard key={row.id} row={row} onOpen={() => setOpenId(row.id)} />)
      )}
      <WorkOrderDrawer id={openId} onClose={() => setOpenId(null)} />
    </Flex>
  );
}
