import { OrderStatus } from '@fleet/contracts';
import { Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';

const ORDER_COLORS: Record<number, string> = { 0: 'processing', 1: 'success', 2: 'error', 3: 'default' };

/** SPEC 4 order status as a tag. */
export function OrderStatusTag({ status, t }: { status: number; t: TFunction }) {
  return (
    <Tag color={ORDER_COLORS[status] ?? 'default'} data-testid="order-status" data-status={status}>
      {t(`recharge.orderStatus.${status}`, { defaultValue: String(status) })}
    </Tag>
  );
}

export const isUnpaid = (status: number) => status === OrderStatus.UNPAID;

/** A time range filter as the ISO bounds the API takes. */
export function rangeQuery(range: [Dayjs, Dayjs] | null): { from?: string; to?: string } {
  return range ? { from: range[0].toISOString(), to: range[1].toISOString() } : {};
}
