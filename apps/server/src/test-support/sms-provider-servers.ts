/** Local SMS and voice provider servers for the adapters' tests (issue 21), one file per provider. */
export { type AliyunServerOptions, startAliyunServer } from './aliyun-sms-server.js';
export type { FailureKind, ProviderServer } from './sms-provider-shared.js';
export { startTencentServer, type TencentServerOptions } from './tencent-sms-server.js';
