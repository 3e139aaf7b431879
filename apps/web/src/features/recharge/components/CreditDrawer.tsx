import type { FeeChildRow } from '@fleet/contracts';
import { App, Drawer, Form, Input, InputNumber, Segmented } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { DrawerFooter } from '../../../shared/components/DrawerFooter';
import { useCreditChild } from '../api/credit-child';
import { centsOf } from '../lib/money';

interface Values {
  amount: number | null;
  mode: 'balance' | 'offline';
  note: string;
}

/**
 * Credit an account below me (audited: each credit is an order with the operator and the note): from
 * my balance, or money received offline (the platform administrator only).
 */
export function CreditDrawer({
  child,
  platform,
  onClose,
}: {
  child: FeeChildRow | null;
  platform: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const credit = useCreditChild();

  useEffect(() => {
    if (child) form.setFieldsValue({ amount: null, mode: 'balance', note: '' });
  }, [child, form]);

  const onFinish = (v: Values) => {
    const amount = centsOf(v.amount);
    if (!child || amount === null) return;
    credit.mutate(
      { user_id: child.user_id, amount, mode: v.mode, note: v.note.trim() },
      {
        onSuccess: () => {
          void message.success(t('recharge.credit.done'));
          onClose();
        },
      },
    );
  };

  return (
    <Drawer
      open={child !== null}
      onClose={onClose}
      size={420}
      destroyOnHidden
      title={child ? t('recharge.credit.title', { name: child.username }) : ''}
      data-testid="credit-drawer"
      footer={
        <DrawerFooter
          onCancel={onClose}
          onSave={() => form.submit()}
          saving={credit.isPending}
          testId="credit-submit"
        />
      }
    >
      <Form<Values> form={form} layout="vertical" onFinish={onFinish}>
        <Form.Item
          name="amount"
          label={t('recharge.common.amount')}
          rules={[
            {
              validator: async (_r, v: number | null) => {
                const cents = centsOf(v);
                if (cents === null || cents <= 0) throw new Error(t('recharge.feeConfig.badAmount'));
              },
            },
          ]}
        >
          <InputNumber
            min={0.01}
            precision={2}
            prefix="¥"
            style={{ width: '100%' }}
            data-testid="credit-amount"
          />
        </Form.Item>
        <Form.Item name="mode" label={t('recharge.credit.mode')}>
          <Segmented
            options={[
              { value: 'balance', label: t('recharge.credit.fromBalance') },
              ...(platform ? [{ value: 'offline', label: t('recharge.credit.offline') }] : []),
            ]}
          />
        </Form.Item>
        <Form.Item
          name="note"
          label={t('recharge.credit.note')}
          rules={[{ required: true, whitespace: true, max: 200 }]}
        >
          <Input.TextArea rows={2} maxLength={200} showCount data-testid="credit-note" />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
