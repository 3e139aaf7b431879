import type { MerchantSettingsInput, MerchantSettingsRow, PaymentProviderName } from '@fleet/contracts';
import { requirePlatform } from '../../platform/auth/access.js';
import { hasPermission, type Scope } from '../../platform/auth/scope.js';
import type { SecretBox } from '../../platform/crypto/secret-box.js';
import { noPermission, paramError } from '../../platform/http/errors.js';
import type { MerchantRow, MerchantsRepository } from './merchants.repository.js';
import { checkPrivateKey, checkPublicKey } from './providers.js';

/** The answer form: the keys are never answered, only whether they are stored. */
export const merchantView = (m: MerchantRow): MerchantSettingsRow => ({
  provider: m.provider,
  enabled: m.enabled,
  app_id: m.appId,
  merchant_id: m.merchantId,
  serial_no: m.serialNo,
  public_key: m.publicKey,
  has_private_key: m.privateKey !== '',
  has_api_key: m.apiKey !== '',
  endpoint: m.endpoint,
  notify_base_url: m.notifyBaseUrl,
  updated_at: m.updatedAt.toISOString(),
});

const guard = (scope: Scope) => {
  requirePlatform(scope);
  if (!hasPermission(scope, 'Others')) throw noPermission();
};

/** Payment merchant settings in platform management (user type 0 with Others), secrets sealed at rest. */
export function createMerchantsService(deps: {
  repo: MerchantsRepository;
  box: SecretBox;
  clock: () => Date;
}) {
  return {
    async list(scope: Scope): Promise<MerchantSettingsRow[]> {
      guard(scope);
      return (await deps.repo.list()).map(merchantView);
    },

    async save(
      scope: Scope,
      provider: PaymentProviderName,
      input: MerchantSettingsInput,
    ): Promise<MerchantSettingsRow> {
      guard(scope);
      const stored = await deps.repo.get(provider);
      const keyProblem = checkPublicKey(input.public_key);
      if (keyProblem) throw paramError(`public_key: ${keyProblem}`);
      if (input.private_key) {
        const problem = checkPrivateKey(input.private_key);
        if (problem) throw paramError(`private_key: ${problem}`);
      } else if (!stored?.privateKey) {
        throw paramError('private_key: required');
      }
      if (provider === 'wechat') {
        if (!input.merchant_id) throw paramError('merchant_id: the WeChat Pay mchid is required');
        if (!input.serial_no)
          throw paramError('serial_no: the merchant certificate serial number is required');
        if (input.api_key !== undefined && Buffer.byteLength(input.api_key, 'utf8') !== 32) {
          throw paramError('api_key: the APIv3 key has 32 characters');
        }
        if (!input.api_key && !stored?.apiKey) throw paramError('api_key: required');
      }
      const row = await deps.repo.upsert(provider, {
        enabled: input.enabled,
        appId: input.app_id,
        merchantId: input.merchant_id,
        serialNo: provider === 'wechat' ? input.serial_no : '',
        publicKey: input.public_key,
        privateKey: input.private_key ? deps.box.seal(input.private_key) : (stored?.privateKey ?? ''),
        apiKey:
          provider === 'wechat'
            ? input.api_key
              ? deps.box.seal(input.api_key)
              : (stored?.apiKey ?? '')
            : '',
        endpoint: input.endpoint,
        notifyBaseUrl: input.notify_base_url.replace(/\/+$/, ''),
        updatedAt: deps.clock(),
        updatedBy: scope.userId,
      });
      return merchantView(row);
    },
  };
}
