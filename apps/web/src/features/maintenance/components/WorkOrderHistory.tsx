import type { WorkOrderDetail } from '@fleet/contracts';
import { Flex, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../devices/lib/labels';
import { AuthImage } from './AuthImage';

const EVENT_COLORS: Record<string, string> = {
  create: 'gray',
  dispatch: 'blue',
  accept: 'blue',
  return: 'orange',
  record: 'green',
  close: 'green',
  end: 'red',
};

/** The order's append-only history, oldest first: who did what and when, with what was recorded. */
export function WorkOrderHistory({ order }: { order: WorkOrderDetail }) {
  const { t } = useTranslation();
  const na = t('common.na');
  return (
    <Timeline
      data-testid="work-order-history"
      items={order.history.map((h) => ({
        key: h.id,
        color: EVENT_COLORS[h.event] ?? 'gray',
        children: (
          <Flex vertical gap={4} data-testid={`history-${h.event}`}>
            <Flex gap={8} wrap align="baseline">
              <Typography.Text strong>{t(`maintenance.happened.${h.event}`)}</Typography.Text>
              <Typography.Text>{h.actor_name}</Typography.Text>
              <Typography.Text type="secondary">{formatTime(h.at, na)}</Typography.Text>
            </Flex>
            {h.assignee_name && (
              <Typography.Text type="secondary">
                {t('maintenance.field.assignee')}: {h.assignee_name}
              </Typography.Text>
            )}
            {h.note && <Typography.Paragraph style={{ margin: 0 }}>{h.note}</Typography.Paragraph>}
            {h.checklist.length > 0 && (
              <Flex gap={4} wrap>
                {h.checklist.map((c) => (
                  <Tag key={c.label} color={c.done ? 'success' : 'error'}>
                    {c.label}:{' '}
                    {c.done ? t('maintenance.record.checkDone') : t('maintenance.record.checkFailed')}
                  </Tag>
                ))}
              </Flex>
            )}
            {h.parts.length > 0 && (
              <Typography.Text type="secondary">
                {t('maintenance.record.parts')}: {h.parts.map((p) => `${p.name} × ${p.qty}`).join(', ')}
              </Typography.Text>
            )}
            {(h.photos.length > 0 || h.signature) && (
              <Flex gap={8} wrap>
                {h.photos.map((hash) => (
                  <AuthImage
                    key={hash}
                    orderId={order.id}
                    hash={hash}
                    alt={t('maintenance.photoAlt')}
                    size={72}
                  />
                ))}
                {h.signature && (
                  <AuthImage
                    orderId={order.id}
                    hash={h.signature}
                    alt={t('maintenance.signatureAlt')}
                    size={72}
                    width={180}
                    fit="contain"
                  />
                )}
              </Flex>
            )}
          </Flex>
        ),
      }))}
    />
  );
}
