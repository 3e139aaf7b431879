import {
  contactInput,
  contactQuery,
  contactRow,
  listOf,
  noticeChannels,
  noticeQuery,
  noticeRow,
} from '@fleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { scopeOf } from '../../platform/auth/auth.plugin.js';
import { BUS } from '../../platform/bus/event-bus.js';
import { secretBoxFor } from '../../platform/crypto/secret-box.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { nullData, ok, okResponse } from '../../platform/http/envelope.js';
import { noticeQuotaOn } from '../../platform/notices/sms-quota.js';
import { contactTestAnswer, contactTestBody, contactUpdate } from './contact-update.js';
import { createContactsRepository } from './contacts.repository.js';
import { createContactsService } from './contacts.service.js';
import { createNoticeLogRepository } from './notice-log.repository.js';
import { createNoticeLogService } from './notice-log.service.js';

const tags = ['contacts'];
const config = { permission: ['TriggerContact/index'] } as const;
/** The notice log page (TriggerNotice/log) and the contacts page's log tab read the same list. */
const readLog = { permission: ['TriggerContact/index', 'TriggerNotice/log'] } as const;
const idParams = z.object({ id: z.coerce.number().int().positive() });

/** Trigger contacts, test sends and the delivery log (docs/api-alarms.md "Contacts and notices"). */
export const contactsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const quota = noticeQuotaOn(deps.database.db, deps.clock);
  const service = createContactsService({
    repo: createContactsRepository(deps.database.db),
    clock: deps.clock,
    emailConfigured: Boolean(deps.config.SMTP_URL),
    wake: () => deps.runtime.bus.publish(BUS.noticeWake, {}),
    box: secretBoxFor(deps.config),
    remaining: (userId, channel) => quota.remaining(userId, channel),
  });
  const noticeLog = createNoticeLogService(createNoticeLogRepository(deps.database.db));

  app.get(
    '/trigger/contact',
    {
      config,
      schema: {
        tags,
        summary: 'Contacts of the caller’s data subtree',
        querystring: contactQuery,
        response: okResponse(listOf(contactRow)),
      },
    },
    async (request) => ok(await service.list(scopeOf(request), request.query)),
  );
  app.post(
    '/trigger/contact',
    {
      config,
      schema: { tags, summary: 'Create a contact', body: contactInput, response: okResponse(contactRow) },
    },
    async (request) => ok(await service.create(scopeOf(request), request.body)),
  );
  app.put(
    '/trigger/contact/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Update a contact (webhook_secret absent keeps it, empty clears it)',
        params: idParams,
        body: contactUpdate,
        response: okResponse(contactRow),
      },
    },
    async (request) => ok(await service.update(scopeOf(request), request.params.id, request.body)),
  );
  app.delete(
    '/trigger/contact/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Delete a contact with its trigger links and notices',
        params: idParams,
        response: okResponse(nullData),
      },
    },
    async (request) => ok(await service.remove(scopeOf(request), request.params.id)),
  );
  app.post(
    '/trigger/contact/:id/test',
    {
      config,
      schema: {
        tags,
        summary: 'Queue a test notice on one channel',
        params: idParams,
        body: contactTestBody,
        response: okResponse(contactTestAnswer),
      },
    },
    async (request) => ok(await service.test(scopeOf(request), request.params.id, request.body.channel)),
  );
  app.get(
    '/trigger/notice',
    {
      config: readLog,
      schema: {
        tags,
        summary: 'Notice log: every notice with its status, cost and provider answer, newest first',
        querystring: noticeQuery,
        response: okResponse(listOf(noticeRow)),
      },
    },
    async (request) => ok(await noticeLog.list(scopeOf(request), request.query)),
  );
  app.get(
    '/trigger/channels',
    {
      config,
      schema: { tags, summary: 'Channels this server can deliver', response: okResponse(noticeChannels) },
    },
    async () => ok(await service.channels()),
  );
};
