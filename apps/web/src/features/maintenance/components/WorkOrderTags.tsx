import type { WorkOrderRow } from '@fleet/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const STATUS_COLORS = ['default', 'processing', 'blue', 'success', 'warning'] as const;
const PRIORITY_COLORS = ['default', 'default', 'orange', 'red'] as const;

export function WorkOrderStatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLORS[status] ?? 'default'} data-testid="work-order-status">
      {t(`maintenance.status.${status}`)}
    </Tag>
  );
}

export function WorkOrderTypeTag({ type }: { type: number }) {
  const { t } = useTranslation();
  return <Tag>{t(`maintenance.type.${type}`)}</Tag>;
}

export function PriorityTag({ priority }: { priority: number }) {
  const { t } = useTranslation();
  return <Tag color={PRIORITY_COLORS[priority] ?? 'default'}>{t(`maintenance.priority.${priority}`)}</Tag>;
}

/** Overdue (red) or due soon (orange); nothing otherwise. */
export function DueTag({ row }: { row: Pick<WorkOrderRow, 'overdue' | 'due_soon'> }) {
  const { t } = useTranslation();
  if (row.overdue) return <Tag color="red">{t('maintenance.overdue')}</Tag>;
  if (row.due_soon) return <Tag color="orange">{t('maintenance.dueSoon')}</Tag>;
  return null;
}
