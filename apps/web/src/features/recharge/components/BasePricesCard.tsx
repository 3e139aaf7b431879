import type { FeeBasePrices } from '@fleet/contracts';
import { App, Button, Card, Descriptions, Flex, Form, InputNumber } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanWrite } from '../../../shared/permission/permission';
import { useSaveBasePrices } from '../api/save-base-prices';
import { centsOf, yuan } from '../lib/money';

export const PRICE_KEYS = ['rent_fee', 'sms_price', 'voice_price', 'scada_price'] as const;

/** The platform's base prices: a form for the administrator, read-only for everyone else. */
export function BasePricesCard({ base, editable }: { base: FeeBasePrices; editable: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Record<(typeof PRICE_KEYS)[number], number>>();
  const save = useSaveBasePrices();
  const mayWrite = useCanWrite();

  useEffect(() => {
    form.setFieldsValue(Object.fromEntries(PRICE_KEYS.map((k) => [k, base[k] / 100])));
  }, [base, form]);

  if (!editable || !mayWrite)
    return (
      <Card title={t('recharge.feeConfig.base')} size="small">
        <Descriptions
          size="small"
          column={{ xs: 1, md: 4 }}
          items={PRICE_KEYS.map((k) => ({
            key: k,
            label: t(`recharge.feeConfig.${k}`),
            children: yuan(base[k]),
          }))}
        />
      </Card>
    );

  const onFinish = (values: Record<(typeof PRICE_KEYS)[number], number>) => {
    const body = Object.fromEntries(
      PRICE_KEYS.map((k) => [k, centsOf(values[k] ?? 0) ?? 0]),
    ) as FeeBasePrices;
    save.mutate(body, { onSuccess: () => void message.success(t('recharge.feeConfig.saved')) });
  };

  return (
    <Card title={t('recharge.feeConfig.base')} size="small">
      <Form form={form} layout="vertical" onFinish={onFinish}>
        <Flex gap={16} wrap align="flex-end">
          {PRICE_KEYS.map((k) => (
            <Form.Item key={k} name={k} label={t(`recharge.feeConfig.${k}`)} rules={[{ required: true }]}>
              <InputNumber
                min={0}
                precision={2}
                prefix="¥"
                style={{ width: 180 }}
                data-testid={`base-${k}`}
              />
            </Form.Item>
          ))}
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="base-save">
              {t('common.save')}
            </Button>
          </Form.Item>
        </Flex>
      </Form>
    </Card>
  );
}
