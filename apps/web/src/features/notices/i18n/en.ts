import type { Texts } from './zh';

/** Strings of notices (SMS and voice) in English. */
const en: Texts = {
  notices: {
    providers: {
      title: { sms: 'SMS provider', voice: 'Voice call provider' },
      help: {
        sms: 'Alarm text messages and verification codes are sent through this account; the secret is stored encrypted and never shown again.',
        voice:
          'Alarm phone calls (text to speech) are made through this account; mainland China mobile numbers only.',
      },
      provider: 'Provider',
      names: { aliyun: 'Alibaba Cloud', tencent: 'Tencent Cloud' },
      keyId: { aliyun: 'AccessKey ID', tencent: 'SecretId' },
      secret: { aliyun: 'AccessKey secret', tencent: 'SecretKey' },
      secretKept: 'A secret is stored; leave empty to keep it',
      sdkAppId: 'Application id (SdkAppId)',
      signName: 'SMS signature',
      showNumber: 'Caller number shown (optional)',
      playTimes: 'Times played',
      region: 'Region',
      endpoint: 'Endpoint',
      endpointDefault: 'Empty: the provider’s default',
      templates: 'Template codes',
      kinds: {
        alarm: 'Alarm',
        recovery: 'Recovery',
        test: 'Test',
        code: 'Verification code',
        expiry: 'Service expiry',
      },
      receiptUrl: 'Receipt push address',
      receiptHelp: 'Enter this address in the provider’s console to receive delivery receipts',
      save: 'Save',
      saved: 'Provider settings saved',
      required: 'Required',
      testPhone: 'Phone number for a test',
      sendTest: 'Send test',
      testAccepted: 'Accepted by the provider (id {{id}})',
      testRefused: 'Not sent: {{code}} {{message}}',
    },
  },
};

export default en;
