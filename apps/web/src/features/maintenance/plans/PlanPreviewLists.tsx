import type { PlanDetail, PlanTrigger } from '@fleet/contracts';
import { Alert, Empty, List, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../devices/lib/labels';
import type { usePlanPreview } from '../api/plan-preview';
import { WorkOrderStatusTag } from '../components/WorkOrderTags';

/** Under the plan form: the next occurrences of a calendar plan, and the plan's latest orders. */
export function PlanPreviewLists({
  trigger,
  preview,
  plan,
}: {
  trigger: PlanTrigger;
  preview: ReturnType<typeof usePlanPreview>;
  plan: PlanDetail | undefined;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Typography.Title level={5}>{t('maintenancePlan.preview')}</Typography.Title>
      {trigger !== 'calendar' ? (
        <Alert type="info" showIcon title={t('maintenancePlan.previewMeter')} />
      ) : (
        <List
          size="small"
          bordered
          loading={preview.isFetching}
          dataSource={preview.data?.occurrences ?? []}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
          renderItem={(o) => (
            <List.Item data-testid="plan-preview-row">
              <span>
                {t('maintenancePlan.previewDue')}: <b>{formatTime(o.due_at, '')}</b>
              </span>
              <Typography.Text type="secondary">
                {t('maintenancePlan.previewRaised')}: {formatTime(o.create_at, '')}
              </Typography.Text>
            </List.Item>
          )}
          data-testid="plan-preview"
        />
      )}
      {plan && (
        <>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('maintenancePlan.recentOrders')}
          </Typography.Title>
          <List
            size="small"
            dataSource={plan.recent_orders}
            locale={{ emptyText: t('maintenancePlan.noOrders') }}
            renderItem={(o) => (
              <List.Item data-testid="plan-recent-order">
                <span>
                  <Tag>#{o.id}</Tag>
                  {formatTime(o.due_at, '')}
                </span>
                <WorkOrderStatusTag status={o.status} />
              </List.Item>
            )}
          />
        </>
      )}
    </>
  );
}
