/** Query keys of the recharge center and the fee overview. */
export const rechargeKeys = {
  all: ['recharge'] as const,
  balance: () => [...rechargeKeys.all, 'balance'] as const,
  statements: () => [...rechargeKeys.all, 'statement'] as const,
  statement: (query: object) => [...rechargeKeys.statements(), query] as const,
  orders: () => [...rechargeKeys.all, 'orders'] as const,
  orderList: (query: object) => [...rechargeKeys.orders(), 'list', query] as const,
  order: (id: number) => [...rechargeKeys.orders(), 'one', id] as const,
  consumptions: () => [...rechargeKeys.all, 'consumption'] as const,
  consumption: (query: object) => [...rechargeKeys.consumptions(), query] as const,
  providers: () => [...rechargeKeys.all, 'providers'] as const,
  overview: () => [...rechargeKeys.all, 'overview'] as const,
  merchants: () => [...rechargeKeys.all, 'merchants'] as const,
};
