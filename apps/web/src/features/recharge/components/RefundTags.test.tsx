import type { RechargeOrderRow } from '@fleet/contracts';
import { render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { RefundTags } from './RefundTags';

const order = (over: Partial<RechargeOrderRow>): RechargeOrderRow => ({
  id: 7,
  out_trade_no: 'R2026112712000012345678',
  user_id: 42,
  user_name: 'customer1',
  operator_name: 'customer1',
  pay_mode: 0,
  amount: 10_000,
  status: 1,
  code_url: '',
  transaction_id: '4200000000',
  failure: '',
  note: '',
  created_at: '2026-11-27T04:00:00.000Z',
  expires_at: null,
  paid_at: '2026-11-27T04:01:00.000Z',
  refunded: 0,
  refunding: 0,
  refund_unresolved: 0,
  ...over,
});

describe('refund tags', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en');
  });

  it('shows refunded, in flight and unresolved apart (the reconciliation outcome)', () => {
    render(<RefundTags order={order({ refunded: 3_000, refunding: 2_500, refund_unresolved: 1_500 })} />);
    expect(screen.getByTestId('refunded-7').textContent).toBe('Refunded ¥30.00');
    expect(screen.getByTestId('refunding-7').textContent).toBe('Refunding ¥10.00');
    expect(screen.getByTestId('refund-unresolved-7').textContent).toBe('Refund ¥15.00 to check');
  });

  it('shows nothing in flight when all that is held is unresolved, and nothing for an order never refunded', async () => {
    const { rerender } = render(<RefundTags order={order({ refunding: 900, refund_unresolved: 900 })} />);
    expect(screen.queryByTestId('refunding-7')).toBeNull();
    expect(screen.getByTestId('refund-unresolved-7')).toBeTruthy();
    await i18n.changeLanguage('zh');
    rerender(<RefundTags order={order({ refunding: 900, refund_unresolved: 900 })} />);
    expect(screen.getByTestId('refund-unresolved-7').textContent).toBe('退款 ¥9.00 待核实');
    rerender(<RefundTags order={order({})} />);
    expect(document.body.textContent).toBe('');
    await i18n.changeLanguage('en');
  });
});
