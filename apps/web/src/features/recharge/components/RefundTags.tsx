import type { RechargeOrderRow } from '@fleet/contracts';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { yuan } from '../lib/money';

/**
 * What became of an order's refunds: refunded (in full or part), still in flight (the provider is
 * processing it, or the reconciliation is still asking), and unresolved (the reconciliation gave up
 * asking: the money stays held and a person must check it with the provider).
 */
export function RefundTags({ order: r }: { order: RechargeOrderRow }) {
  const { t } = useTranslation();
  const inFlight = r.refunding - r.refund_unresolved;
  return (
    <>
      {r.refunded > 0 ? (
        <Tag color={r.refunded === r.amount ? 'default' : 'orange'} data-testid={`refunded-${r.id}`}>
          {t(r.refunded === r.amount ? 'recharge.refund.full' : 'recharge.refund.partial', {
            amount: yuan(r.refunded),
          })}
        </Tag>
      ) : null}
      {inFlight > 0 ? (
        <Tag color="processing" data-testid={`refunding-${r.id}`}>
          {t('recharge.refund.inFlight', { amount: yuan(inFlight) })}
        </Tag>
      ) : null}
      {r.refund_unresolved > 0 ? (
        <Tooltip title={t('recharge.refund.unresolvedHelp')}>
          <Tag color="warning" data-testid={`refund-unresolved-${r.id}`}>
            {t('recharge.refund.unresolved', { amount: yuan(r.refund_unresolved) })}
          </Tag>
        </Tooltip>
      ) : null}
    </>
  );
}
