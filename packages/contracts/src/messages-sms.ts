import type { MessageTexts } from './messages.js';

/** Messages of SMS and voice notices and phone sign-in (issue 21, docs/notices.md). */
export const SMS_MESSAGES = {
  'notice.quotaExhausted': {
    zh: '{channel} 剩余条数已用完（用户 {user}），通知未发送',
    en: 'no {channel} quota left (user {user}); the notice was not sent',
    es: 'no queda cuota de {channel} (usuario {user}); el aviso no se envió',
  },
  'notice.noQuota': {
    zh: '剩余{channel}条数不足',
    en: 'not enough remaining {channel} quota',
    es: 'cuota de {channel} insuficiente',
  },
  'notice.noProvider': {
    zh: '平台尚未配置{channel}服务商',
    en: 'no {channel} provider is set on this platform',
    es: 'la plataforma no tiene proveedor de {channel}',
  },
  'phone.invalid': {
    zh: '手机号格式不正确',
    en: 'not a valid phone number',
    es: 'número de teléfono no válido',
  },
  'phone.voiceMainland': {
    zh: '语音通知仅支持中国大陆手机号',
    en: 'voice calls reach mainland China mobile numbers only',
    es: 'las llamadas de voz solo llegan a móviles de China continental',
  },
  'phone.codeSent': {
    zh: '如果该号码可以接收，验证码已发送',
    en: 'if this number can receive it, a code has been sent',
    es: 'si este número puede recibirlo, se ha enviado un código',
  },
  'phone.tooSoon': {
    zh: '发送过于频繁，请稍后再试',
    en: 'too many codes requested; please try again later',
    es: 'demasiados códigos solicitados; inténtelo más tarde',
  },
  'phone.codeWrong': {
    zh: '验证码错误或已过期',
    en: 'wrong or expired code',
    es: 'código incorrecto o caducado',
  },
  'phone.tooManyTries': {
    zh: '验证码错误次数过多，请重新获取验证码',
    en: 'too many wrong tries; please request a new code',
    es: 'demasiados intentos fallidos; solicite un código nuevo',
  },
  'phone.taken': {
    zh: '该手机号已绑定其他账号',
    en: 'this phone number is bound to another account',
    es: 'este número está vinculado a otra cuenta',
  },
} as const satisfies Record<string, MessageTexts>;
