/** Strings of notices (SMS and voice) in Chinese; en.ts and es.ts have the same shape. */
const zh = {
  notices: {
    providers: {
      title: { sms: '短信服务商', voice: '语音通知服务商' },
      help: {
        sms: '报警短信和验证码通过此账号发送；密钥加密保存，保存后不再显示。',
        voice: '报警语音电话（文本转语音）通过此账号拨打，仅支持中国大陆手机号。',
      },
      provider: '服务商',
      names: { aliyun: '阿里云', tencent: '腾讯云' },
      keyId: { aliyun: 'AccessKey ID', tencent: 'SecretId' },
      secret: { aliyun: 'AccessKey Secret', tencent: 'SecretKey' },
      secretKept: '已保存密钥；留空则保持不变',
      sdkAppId: '应用 ID（SdkAppId）',
      signName: '短信签名',
      showNumber: '主叫显示号码（可选）',
      playTimes: '播放次数',
      region: '地域',
      endpoint: '接口地址',
      endpointDefault: '留空使用服务商默认地址',
      templates: '模板编号',
      kinds: { alarm: '报警', recovery: '恢复', test: '测试', code: '验证码', expiry: '服务到期' },
      receiptUrl: '回执推送地址',
      receiptHelp: '在服务商控制台配置此地址以接收送达回执',
      save: '保存',
      saved: '服务商设置已保存',
      required: '必填',
      testPhone: '测试手机号',
      sendTest: '发送测试',
      testAccepted: '服务商已受理（编号 {{id}}）',
      testRefused: '发送失败：{{code}} {{message}}',
    },
  },
};

export type Texts = typeof zh;

export default zh;
