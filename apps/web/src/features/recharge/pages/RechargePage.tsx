import {
  OrderStatus,
  type PaymentProviderName,
  TOP_UP_MAX_CENTS,
  TOP_UP_MIN_CENTS,
  TOP_UP_PRESETS,
} from '@fleet/contracts';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Flex,
  InputNumber,
  QRCode,
  Radio,
  Result,
  Skeleton,
  Space,
  Spin,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadError } from '../../../shared/components/LoadError';
import { formatTime } from '../../devices/lib/labels';
import { useCreateOrder } from '../api/create-order';
import { useOrder } from '../api/get-order';
import { useProviders } from '../api/get-providers';
import { rechargeKeys } from '../api/keys';
import { centsOf, yuan } from '../lib/money';

/** /recharge (hidden, Recharge/balance): amount -> QR code of the chosen provider -> waits -> success. */
export default function RechargePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const providers = useProviders();
  const create = useCreateOrder();
  const [preset, setPreset] = useState<number | 'custom'>(TOP_UP_PRESETS[1]);
  const [custom, setCustom] = useState<number | null>(null);
  const [provider, setProvider] = useState<PaymentProviderName | null>(null);
  const [orderId, setOrderId] = useState<number | null>(null);
  const order = useOrder(orderId);
  const queryClient = useQueryClient();
  const paid = order.data?.status === OrderStatus.PAID;
  // The money arrived: the balance, statement, orders and overview (open in other tabs too) are stale.
  useEffect(() => {
    if (paid) {
      for (const key of [
        rechargeKeys.balance(),
        rechargeKeys.statements(),
        rechargeKeys.orders(),
        rechargeKeys.overview(),
      ]) {
        void queryClient.invalidateQueries({ queryKey: key });
      }
    }
  }, [paid, queryClient]);
  const enabled = providers.data?.providers ?? [];
  useEffect(() => {
    if (!provider && enabled[0]) setProvider(enabled[0]);
  }, [enabled, provider]);

  const amount = preset === 'custom' ? centsOf(custom) : preset;
  const valid = amount !== null && amount >= TOP_UP_MIN_CENTS && amount <= TOP_UP_MAX_CENTS;
  const reset = () => {
    setOrderId(null);
    create.reset();
  };

  if (providers.isPending) return <Skeleton active />;
  if (providers.error) return <LoadError onRetry={() => void providers.refetch()} />;

  const o = order.data;
  let body: React.ReactNode;
  if (orderId !== null && !o) {
    body = order.error ? <LoadError onRetry={() => void order.refetch()} /> : <Skeleton active />;
  } else if (o?.status === OrderStatus.PAID) {
    body = (
      <Result
        status="success"
        title={t('recharge.pay.paid')}
        subTitle={t('recharge.pay.paidDetail', { amount: yuan(o.amount) })}
        extra={[
          <Button
            key="balance"
            type="primary"
            onClick={() => navigate('/balance')}
            data-testid="recharge-to-balance"
          >
            {t('recharge.pay.toBalance')}
          </Button>,
          <Button key="again" onClick={reset}>
            {t('recharge.pay.again')}
          </Button>,
        ]}
        data-testid="recharge-paid"
      />
    );
  } else if (o && o.status !== OrderStatus.UNPAID) {
    body = (
      <Result
        status={o.status === OrderStatus.TIMED_OUT ? 'warning' : 'error'}
        title={o.status === OrderStatus.TIMED_OUT ? t('recharge.pay.timedOut') : t('recharge.pay.failed')}
        extra={<Button onClick={reset}>{t('recharge.pay.again')}</Button>}
        data-testid="recharge-closed"
      />
    );
  } else if (o) {
    body = (
      <Flex vertical align="center" gap={12} data-testid="recharge-qr">
        <Typography.Title level={4} style={{ margin: 0 }}>
          {yuan(o.amount)}
        </Typography.Title>
        <Typography.Text>
          {t('recharge.pay.scan', { provider: t(`recharge.payMode.${o.pay_mode}`) })}
        </Typography.Text>
        <QRCode value={o.code_url} size={220} data-testid="recharge-qr-code" data-value={o.code_url} />
        <Space>
          <Spin size="small" />
          <Typography.Text type="secondary">{t('recharge.pay.waiting')}</Typography.Text>
        </Space>
        <Typography.Text type="secondary" data-testid="recharge-order-no" data-order={o.out_trade_no}>
          {t('recharge.pay.orderNo', { no: o.out_trade_no })}
        </Typography.Text>
        {o.expires_at ? (
          <Typography.Text type="secondary">
            {t('recharge.pay.expiresAt', { time: formatTime(o.expires_at, '') })}
          </Typography.Text>
        ) : null}
      </Flex>
    );
  } else if (enabled.length === 0) {
    body = (
      <Alert type="info" showIcon title={t('recharge.pay.noProvider')} data-testid="recharge-no-provider" />
    );
  } else {
    body = (
      <Space orientation="vertical" size={20} style={{ width: '100%', maxWidth: 560 }}>
        <div>
          <Typography.Text strong>{t('recharge.pay.amount')}</Typography.Text>
          <Flex gap={8} wrap style={{ marginTop: 8 }}>
            <Radio.Group
              value={preset}
              onChange={(e) => setPreset(e.target.value)}
              buttonStyle="solid"
              data-testid="recharge-presets"
            >
              {TOP_UP_PRESETS.map((p) => (
                <Radio.Button key={p} value={p}>
                  {yuan(p)}
                </Radio.Button>
              ))}
              <Radio.Button value="custom">{t('recharge.pay.custom')}</Radio.Button>
            </Radio.Group>
            {preset === 'custom' ? (
              <InputNumber
                min={0.01}
                max={TOP_UP_MAX_CENTS / 100}
                step={1}
                precision={2}
                value={custom}
                onChange={(v) => setCustom(v)}
                prefix="¥"
                style={{ width: 180 }}
                status={custom !== null && !valid ? 'error' : undefined}
                aria-label={t('recharge.pay.custom')}
                data-testid="recharge-custom"
              />
            ) : null}
          </Flex>
          {preset === 'custom' && custom !== null && !valid ? (
            <Typography.Text type="danger">{t('recharge.pay.amountInvalid')}</Typography.Text>
          ) : null}
        </div>
        <div>
          <Typography.Text strong>{t('recharge.pay.provider')}</Typography.Text>
          <div style={{ marginTop: 8 }}>
            <Radio.Group
              value={provider}
              onChange={(e) => setProvider(e.target.value)}
              data-testid="recharge-provider"
            >
              {enabled.map((p) => (
                <Radio.Button key={p} value={p} data-testid={`recharge-provider-${p}`}>
                  {t(`recharge.payMode.${p === 'wechat' ? 0 : 1}`)}
                </Radio.Button>
              ))}
            </Radio.Group>
          </div>
        </div>
        <Button
          type="primary"
          size="large"
          disabled={!valid || !provider}
          loading={create.isPending}
          onClick={() =>
            amount !== null &&
            provider &&
            create.mutate({ amount, provider }, { onSuccess: (created) => setOrderId(created.id) })
          }
          data-testid="recharge-submit"
        >
          {t('recharge.pay.submit')}
        </Button>
      </Space>
    );
  }
  return (
    <div data-testid="recharge-page">
      <Card title={t('recharge.pay.title')}>{body}</Card>
    </div>
  );
}
