import type { RechargeOrderRow } from '@fleet/contracts';
import { App, Descriptions, Form, Input, InputNumber, Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRefundOrder } from '../api/refund-order';
import { centsOf, yuan } from '../lib/money';

interface Values {
  amount: number | null;
  reason: string;
}

/** What is left to refund of an order (cents). */
export const refundableOf = (o: RechargeOrderRow) => o.amount - o.refunded - o.refunding;

/**
 * Refund a paid top-up in full or in part (platform administrator): the amount in yuan, at most what
 * is left; the money goes back through the provider the user paid with.
 */
export function RefundModal({ order, onClose }: { order: RechargeOrderRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const refund = useRefundOrder();
  const left = order ? refundableOf(order) : 0;

  useEffect(() => {
    if (order) form.setFieldsValue({ amount: refundableOf(order) / 100, reason: '' });
  }, [order, form]);

  const onFinish = (v: Values) => {
    const amount = centsOf(v.amount);
    if (!order || amount === null) return;
    refund.mutate(
      { id: order.id, amount, reason: v.reason.trim() },
      {
        onSuccess: (r) => {
          void message.success(t(r.status === 1 ? 'recharge.refund.done' : 'recharge.refund.processing'));
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      open={order !== null}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('recharge.refund.submit')}
      okButtonProps={{ danger: true, loading: refund.isPending, id: 'refund-submit' }}
      title={t('recharge.refund.title')}
      destroyOnHidden
      data-testid="refund-modal"
    >
      {order ? (
        <Descriptions
          size="small"
          column={1}
          style={{ marginBottom: 16 }}
          items={[
            { key: 'no', label: t('recharge.balance.orderNo'), children: order.out_trade_no },
            { key: 'user', label: t('recharge.balance.user'), children: order.user_name },
            { key: 'paid', label: t('recharge.common.amount'), children: yuan(order.amount) },
            { key: 'left', label: t('recharge.refund.left'), children: yuan(left) },
          ]}
        />
      ) : null}
      <Form<Values> form={form} layout="vertical" onFinish={onFinish}>
        <Form.Item
          name="amount"
          label={t('recharge.refund.amount')}
          rules={[
            {
              validator: async (_r, v: number | null) => {
                const cents = centsOf(v);
                if (cents === null || cents <= 0 || cents > left)
                  throw new Error(t('recharge.refund.badAmount', { left: yuan(left) }));
              },
            },
          ]}
        >
          <InputNumber
            min={0.01}
            precision={2}
            prefix="¥"
            style={{ width: '100%' }}
            data-testid="refund-amount"
          />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('recharge.refund.reason')}
          rules={[{ required: true, whitespace: true, max: 80 }]}
        >
          <Input maxLength={80} showCount data-testid="refund-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
