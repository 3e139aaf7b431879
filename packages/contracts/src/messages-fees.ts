import type { MessageTexts } from './messages.js';

/** Recharge and fees (issue 20). */
export const FEES_MESSAGES = {
  'recharge.providerDisabled': {
    zh: '该支付方式未启用',
    en: 'this payment method is not enabled',
    es: 'este método de pago no está habilitado',
  },
  'recharge.providerRefused': {
    zh: '支付服务拒绝了下单:{reason}',
    en: 'the payment provider refused the order: {reason}',
    es: 'el proveedor de pago rechazó el pedido: {reason}',
  },
  'recharge.notRefundable': {
    zh: '只能退款已支付的微信或支付宝充值订单',
    en: 'only a paid WeChat Pay or Alipay top-up can be refunded',
    es: 'solo se puede reembolsar una recarga pagada con WeChat Pay o Alipay',
  },
  'recharge.refundExceeds': {
    zh: '退款金额超过可退金额(剩余 {left} 元)',
    en: 'the refund is more than is left to refund (¥{left})',
    es: 'el reembolso supera lo que queda por reembolsar (¥{left})',
  },
  'recharge.refundSpent': {
    zh: '用户余额不足以退款:余额 {balance} 元,退款 {amount} 元(已消费的部分不能退)',
    en: 'the user’s balance (¥{balance}) is less than the refund (¥{amount}): what was spent cannot be refunded',
    es: 'el saldo del usuario (¥{balance}) es menor que el reembolso (¥{amount}): lo gastado no se puede reembolsar',
  },
  'recharge.refundRefused': {
    zh: '支付服务拒绝了退款:{reason}',
    en: 'the payment provider refused the refund: {reason}',
    es: 'el proveedor de pago rechazó el reembolso: {reason}',
  },
  'recharge.merchantIncomplete': {
    zh: '商户配置不完整:{reason}',
    en: 'the merchant settings are incomplete: {reason}',
    es: 'la configuración del comercio está incompleta: {reason}',
  },
  'recharge.orderNotFound': {
    zh: '订单不存在',
    en: 'no such order',
    es: 'el pedido no existe',
  },
  'recharge.notManaged': {
    zh: '只能给下级账号充值',
    en: 'you can only credit accounts below yours',
    es: 'solo puede abonar a cuentas por debajo de la suya',
  },
  'recharge.offlinePlatformOnly': {
    zh: '只有平台管理员可以登记线下收款',
    en: 'only the platform administrator can record offline payments',
    es: 'solo el administrador de la plataforma puede registrar pagos fuera de línea',
  },
  'recharge.noRentFee': {
    zh: '上级尚未设置设备年费,无法续费',
    en: 'no yearly rent fee is set for your account yet; renewal is not possible',
    es: 'aún no hay una cuota anual fijada para su cuenta; no se puede renovar',
  },
  'recharge.devicesNotFound': {
    zh: '部分设备不存在或不属于您',
    en: 'some devices do not exist or are not yours',
    es: 'algunos dispositivos no existen o no son suyos',
  },
  'fee.belowCost': {
    zh: '{fee}不能低于您自己的成本 {cost}',
    en: '{fee} cannot be below your own cost of {cost}',
    es: '{fee} no puede ser inferior a su propio costo de {cost}',
  },
  'device.dataLocked': {
    zh: '设备 {ids} 的服务已过期超过 {days} 天,数据已锁定,续费后即可查看(数据仍在采集,不会丢失)',
    en: 'the service of device {ids} expired more than {days} days ago: its data is locked until it is renewed (data is still collected, nothing is lost)',
    es: 'el servicio del dispositivo {ids} venció hace más de {days} días: sus datos están bloqueados hasta renovarlo (los datos se siguen recopilando, no se pierde nada)',
  },
  'fee.configOff': {
    zh: '费用配置模块未启用',
    en: 'the fee configuration module is switched off',
    es: 'el módulo de configuración de tarifas está desactivado',
  },
} as const satisfies Record<string, MessageTexts>;
