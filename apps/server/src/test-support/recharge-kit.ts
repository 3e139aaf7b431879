/** Shared set-up of the recharge tests: a listening app, both local providers, merchants saved through the API. */
import { generateKeyPairSync } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { users } from '../modules/users/users.table.js';
import { type AlipayGateway, startAlipayGateway } from './alipay-server.js';
import { call, createRole, createUser, tokenFor } from './factories.js';
import { createTestApp, type TestApp } from './test-app.js';
import { startWechatPayServer, type WechatPayServer } from './wechatpay-server.js';

export const pemPair = () => {
  const k = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey: k.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: k.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
};

export const WECHAT = {
  appId: 'wx1234567890abcdef',
  mchId: '1900000109',
  serial: '3775B6A45ACD588826D15E583A95F5DD',
};
export const ALIPAY = { appId: '2021000000000042', sellerId: '2088000000000042' };
export const API_V3_KEY = 'k3y0f32charactersforapiv3test!!x';

export interface RechargeKit {
  t: TestApp;
  baseUrl: string;
  wechat: WechatPayServer;
  alipay: AlipayGateway;
  adminToken: string;
  adminId: number;
  keys: { merchant: ReturnType<typeof pemPair>; app: ReturnType<typeof pemPair> };
  /** A user below `parentId` (default the administrator) holding `permissions`. */
  user(options?: { parentId?: number; permissions?: string[]; userType?: 1 | 2 | 3 | 4 }): Promise<{
    id: number;
    token: string;
  }>;
  saveWechat(over?: Record<string, unknown>): Promise<unknown>;
  saveAlipay(over?: Record<string, unknown>): Promise<unknown>;
  close(): Promise<void>;
}

export const RECHARGE_PERMISSIONS = ['Recharge', 'Recharge/balance', 'Recharge/comsume_record'];

export async function startRechargeKit(): Promise<RechargeKit> {
  const t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const keys = { merchant: pemPair(), app: pemPair() };
  const wechat = await startWechatPayServer({
    appId: WECHAT.appId,
    mchId: WECHAT.mchId,
    merchantSerialNo: WECHAT.serial,
    merchantPublicKey: keys.merchant.publicKey,
    apiV3Key: API_V3_KEY,
  });
  const alipay = await startAlipayGateway({
    appId: ALIPAY.appId,
    appPublicKey: keys.app.publicKey,
    sellerId: ALIPAY.sellerId,
  });
  const adminToken = await tokenFor(t.app, 'admin', t.adminPassword);
  const [admin] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  const kit: RechargeKit = {
    t,
    baseUrl,
    wechat,
    alipay,
    adminToken,
    adminId: admin!.id,
    keys,
    async user({ parentId, permissions = RECHARGE_PERMISSIONS, userType = 1 } = {}) {
      const roleId = await createRole(t.database, {
        ownerUserId: null,
        name: `recharge-${Math.random().toString(36).slice(2, 10)}`,
        permissions,
      });
      const u = await createUser(t.database, {
        userType,
        parentId: parentId ?? admin!.id,
        roleIds: [roleId],
      });
      return { id: u.id, token: await tokenFor(t.app, u.username, u.password) };
    },
    saveWechat: (over = {}) =>
      call(t.app, 'PUT', '/platform/payment-merchants/wechat', {
        token: adminToken,
        body: {
          enabled: true,
          app_id: WECHAT.appId,
          merchant_id: WECHAT.mchId,
          serial_no: WECHAT.serial,
          public_key: wechat.platformPublicKey,
          private_key: keys.merchant.privateKey,
          api_key: API_V3_KEY,
          endpoint: wechat.url,
          notify_base_url: baseUrl,
          ...over,
        },
      }),
    saveAlipay: (over = {}) =>
      call(t.app, 'PUT', '/platform/payment-merchants/alipay', {
        token: adminToken,
        body: {
          enabled: true,
          app_id: ALIPAY.appId,
          merchant_id: ALIPAY.sellerId,
          public_key: alipay.alipayPublicKey,
          private_key: keys.app.privateKey,
          endpoint: alipay.url,
          notify_base_url: baseUrl,
          ...over,
        },
      }),
    async close() {
      await wechat.close();
      await alipay.close();
      await t.close();
    },
  };
  return kit;
}
