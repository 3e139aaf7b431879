import type { Texts } from './zh';

/** Strings of notices (SMS and voice) in Spanish. */
const es: Texts = {
  notices: {
    providers: {
      title: { sms: 'Proveedor de SMS', voice: 'Proveedor de llamadas de voz' },
      help: {
        sms: 'Los SMS de alarma y los códigos de verificación se envían con esta cuenta; el secreto se guarda cifrado y no se vuelve a mostrar.',
        voice:
          'Las llamadas de alarma (texto a voz) se hacen con esta cuenta; solo móviles de China continental.',
      },
      provider: 'Proveedor',
      names: { aliyun: 'Alibaba Cloud', tencent: 'Tencent Cloud' },
      keyId: { aliyun: 'AccessKey ID', tencent: 'SecretId' },
      secret: { aliyun: 'Secreto de AccessKey', tencent: 'SecretKey' },
      secretKept: 'Hay un secreto guardado; déjelo vacío para conservarlo',
      sdkAppId: 'Id. de aplicación (SdkAppId)',
      signName: 'Firma de SMS',
      showNumber: 'Número llamante mostrado (opcional)',
      playTimes: 'Reproducciones',
      region: 'Región',
      endpoint: 'Dirección del servicio',
      endpointDefault: 'Vacío: la del proveedor',
      templates: 'Códigos de plantilla',
      kinds: {
        alarm: 'Alarma',
        recovery: 'Recuperación',
        test: 'Prueba',
        code: 'Código de verificación',
        expiry: 'Vencimiento del servicio',
      },
      receiptUrl: 'Dirección de confirmaciones',
      receiptHelp:
        'Indique esta dirección en la consola del proveedor para recibir las confirmaciones de entrega',
      save: 'Guardar',
      saved: 'Configuración del proveedor guardada',
      required: 'Obligatorio',
      testPhone: 'Teléfono para la prueba',
      sendTest: 'Enviar prueba',
      testAccepted: 'Aceptado por el proveedor (id. {{id}})',
      testRefused: 'No enviado: {{code}} {{message}}',
    },
  },
};

export default es;
