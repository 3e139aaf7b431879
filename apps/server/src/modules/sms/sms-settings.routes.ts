import { SMS_CHANNELS, smsSettingsInput, smsSettingsRow, smsTestAnswer, smsTestBody } from '@fleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { scopeOf } from '../../platform/auth/auth.plugin.js';
import { secretBoxFor } from '../../platform/crypto/secret-box.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { ok, okResponse } from '../../platform/http/envelope.js';
import { createSmsReceiptsRepository } from './sms-receipts.repository.js';
import { createSmsReceiptsService } from './sms-receipts.service.js';
import { createSmsSettingsRepository } from './sms-settings.repository.js';
import { createSmsSettingsService } from './sms-settings.service.js';

const tags = ['notices'];
const config = { permission: ['Others'] } as const;
const channelParams = z.object({ channel: z.enum(SMS_CHANNELS) });

/** Platform SMS and voice provider settings and the send test (docs/notices.md "Settings"). */
export const smsSettingsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const repo = createSmsSettingsRepository(deps.database.db);
  const receipts = createSmsReceiptsService({
    settings: repo,
    receipts: createSmsReceiptsRepository(deps.database.db),
    clock: deps.clock,
  });
  const service = createSmsSettingsService({
    repo,
    box: secretBoxFor(deps.config),
    clock: deps.clock,
  });

  app.get(
    '/notice/provider',
    {
      config,
      schema: {
        tags,
        summary: 'SMS and voice provider settings (user type 0; the secret is never answered)',
        response: okResponse(z.array(smsSettingsRow)),
      },
    },
    async (request) => ok(await service.list(scopeOf(request))),
  );
  app.put(
    '/notice/provider/:channel',
    {
      config,
      schema: {
        tags,
        summary: 'Save a channel’s provider settings (access_key_secret absent keeps the stored one)',
        params: channelParams,
        body: smsSettingsInput,
        response: okResponse(smsSettingsRow),
      },
    },
    async (request) => ok(await service.save(scopeOf(request), request.params.channel, request.body)),
  );
  app.post(
    '/notice/provider/:channel/test',
    {
      config,
      schema: {
        tags,
        summary: 'Send the test template to a phone now and answer the provider’s verdict',
        params: channelParams,
        body: smsTestBody,
        response: okResponse(smsTestAnswer),
      },
    },
    async (request) => ok(await service.test(scopeOf(request), request.params.channel, request.body.phone)),
  );
  app.post(
    '/notice/receipt/:channel/:token',
    {
      config: { public: true },
      bodyLimit: 1024 * 1024,
      schema: {
        tags,
        summary: 'Delivery receipts pushed by the provider (the path token authenticates it)',
        params: channelParams.extend({ token: z.string().max(100) }),
        body: z.unknown(),
      },
    },
    // The provider's own answer format ({ code: 0 } / { result: 0 }), not our envelope.
    async (request) => receipts.receive(request.params.channel, request.params.token, request.body),
  );
};
