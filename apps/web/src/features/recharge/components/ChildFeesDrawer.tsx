import type { FeeChildRow, FeePrices } from '@fleet/contracts';
import { App, Drawer, Form, InputNumber, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { DrawerFooter } from '../../../shared/components/DrawerFooter';
import { useSaveChildFees } from '../api/save-child-fees';
import { centsOf, yuan } from '../lib/money';

interface Values {
  rent: number | null;
  sms_discount: number;
  voice_discount: number;
  scada_discount: number;
}

const DISCOUNTS = ['sms_discount', 'voice_discount', 'scada_discount'] as const;

/** The fees of one account below me: rent fee (0 = my price) and discounts, never below my cost. */
export function ChildFeesDrawer({
  child,
  cost,
  onClose,
}: {
  child: FeeChildRow | null;
  /** My own prices; null for the platform (no cost). */
  cost: FeePrices | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useSaveChildFees();

  useEffect(() => {
    if (!child) return;
    form.setFieldsValue({ ...child.fees, rent: child.fees.rent_fee / 100 });
  }, [child, form]);

  const onFinish = (v: Values) => {
    if (!child) return;
    const rent = centsOf(v.rent ?? 0);
    if (rent === null) return;
    save.mutate(
      {
        id: child.user_id,
        body: {
          rent_fee: rent,
          sms_discount: v.sms_discount,
          voice_discount: v.voice_discount,
          scada_discount: v.scada_discount,
        },
      },
      {
        onSuccess: () => {
          void message.success(t('recharge.feeConfig.saved'));
          onClose();
        },
      },
    );
  };

  return (
    <Drawer
      open={child !== null}
      onClose={onClose}
      size={480}
      destroyOnHidden
      title={child ? t('recharge.feeConfig.editTitle', { name: child.username }) : ''}
      data-testid="child-fees-drawer"
      footer={
        <DrawerFooter
          onCancel={onClose}
          onSave={() => form.submit()}
          saving={save.isPending}
          testId="child-fees-submit"
        />
      }
    >
      <Form<Values> form={form} layout="vertical" onFinish={onFinish}>
        <Form.Item
          name="rent"
          label={t('recharge.feeConfig.rentFee')}
          extra={
            cost
              ? t('recharge.feeConfig.rentHelp', { cost: yuan(cost.rent_fee) })
              : t('recharge.feeConfig.rentHelpPlatform')
          }
          rules={[
            {
              validator: async (_r, v: number | null) => {
                const cents = centsOf(v ?? 0);
                if (cents === null || cents < 0) throw new Error(t('recharge.feeConfig.badAmount'));
                if (cost && cents > 0 && cents < cost.rent_fee)
                  throw new Error(t('recharge.feeConfig.belowCost', { cost: yuan(cost.rent_fee) }));
              },
            },
          ]}
        >
          <InputNumber min={0} precision={2} style={{ width: '100%' }} prefix="¥" data-testid="child-rent" />
        </Form.Item>
        {DISCOUNTS.map((key) => (
          <Form.Item
            key={key}
            name={key}
            label={t(`recharge.feeConfig.${key}`)}
            rules={[{ required: true, type: 'integer', min: 0, max: 100 }]}
          >
            <InputNumber min={0} max={100} precision={0} suffix="%" style={{ width: '100%' }} />
          </Form.Item>
        ))}
        <Typography.Text type="secondary">{t('recharge.feeConfig.discountHelp')}</Typography.Text>
      </Form>
    </Drawer>
  );
}
