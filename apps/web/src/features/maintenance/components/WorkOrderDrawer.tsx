import { Descriptions, Divider, Drawer, Flex, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../shared/components/LoadError';
import { useIsMobile } from '../../../shared/hooks/use-is-mobile';
import { formatTime } from '../../devices/lib/labels';
import { useWorkOrder } from '../api/get-work-order';
import { RecordWorkForm } from './RecordWorkForm';
import { WorkOrderActions } from './WorkOrderActions';
import { WorkOrderHistory } from './WorkOrderHistory';
import { DueTag, PriorityTag, WorkOrderStatusTag, WorkOrderTypeTag } from './WorkOrderTags';

/** One work order: its fields, the actions the caller may take, record work, and the history. Full width on a phone. */
export function WorkOrderDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const detail = useWorkOrder(id);
  const order = detail.data;
  const na = t('common.na');
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={mobile ? window.innerWidth : 640}
      title={order ? `#${order.id} ${order.title}` : t('maintenance.detail')}
      destroyOnHidden
      data-testid="work-order-drawer"
      styles={{ body: { padding: mobile ? 12 : 24 } }}
    >
      {detail.error ? <LoadError onRetry={() => void detail.refetch()} /> : null}
      {!order ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap={16}>
          <Flex gap={4} wrap>
            <WorkOrderStatusTag status={order.status} />
            <WorkOrderTypeTag type={order.type} />
            <PriorityTag priority={order.priority} />
            <DueTag row={order} />
          </Flex>
          <Descriptions column={1} size="small" bordered>
            {order.description ? (
              <Descriptions.Item label={t('maintenance.field.description')}>
                {order.description}
              </Descriptions.Item>
            ) : null}
            <Descriptions.Item label={t('maintenance.field.device')}>
              {order.device_title ?? t('maintenance.none')}
            </Descriptions.Item>
            {order.asset_title !== null && (
              <Descriptions.Item label={t('maintenance.field.asset')}>
                <span data-testid="work-order-asset-title">{order.asset_title}</span>
              </Descriptions.Item>
            )}
            {order.alarm_id !== null && (
              <Descriptions.Item label={t('maintenance.field.alarm')}>#{order.alarm_id}</Descriptions.Item>
            )}
            {order.repair_type !== null && (
              <Descriptions.Item label={t('maintenance.field.repairType')}>
                {t(`maintenance.repairType.${order.repair_type}`)}
              </Descriptions.Item>
            )}
            <Descriptions.Item label={t('maintenance.field.dueAt')}>
              {formatTime(order.due_at, na)}
            </Descriptions.Item>
            <Descriptions.Item label={t('maintenance.field.assignee')}>
              <span data-testid="work-order-assignee-name">
                {order.assignee_name ?? t('maintenance.unassigned')}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('maintenance.field.creator')}>
              {order.created_by_name}
            </Descriptions.Item>
          </Descriptions>
          {order.checklist.length > 0 && (
            <Flex gap={4} wrap>
              {order.checklist.map((c) => (
                <Tag key={c.label} color={c.done === null ? 'default' : c.done ? 'success' : 'error'}>
                  {c.label}
                </Tag>
              ))}
            </Flex>
          )}
          <WorkOrderActions order={order} />
          {order.allowed_events.includes('record') && (
            <>
              <Divider style={{ margin: 0 }} />
              <RecordWorkForm key={order.history.length} order={order} />
            </>
          )}
          <Divider style={{ margin: 0 }} />
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('maintenance.history')}
          </Typography.Title>
          <WorkOrderHistory order={order} />
        </Flex>
      )}
    </Drawer>
  );
}
