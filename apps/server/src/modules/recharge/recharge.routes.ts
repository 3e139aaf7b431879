import {
  balanceReport,
  consumptionQuery,
  consumptionRow,
  creditInput,
  enabledProviders,
  expiryNoticeRow,
  expiryNoticesRead,
  feeOverview,
  listOf,
  listQuery,
  rechargeOrderQuery,
  rechargeOrderRow,
  refundInput,
  refundRow,
  renewableDeviceRow,
  renewableQuery,
  renewalOrderRow,
  renewInput,
  renewQuote,
  statementQuery,
  statementRow,
  topUpInput,
} from '@fleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { scopeOf } from '../../platform/auth/auth.plugin.js';
import { secretBoxFor } from '../../platform/crypto/secret-box.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { ok, okResponse } from '../../platform/http/envelope.js';
import { createUserNotices } from '../../platform/notices/user-notices.js';
import { createAccountService } from './account.service.js';
import { CONSUMPTION_EXPORT_MAX, consumptionExportQuery, consumptionXlsx } from './consumption-export.js';
import { DEVICE_EXPIRY_SUBJECT } from './expiry-notices.js';
import { createFeeConfigService } from './fee-config.service.js';
import { createMerchantsRepository } from './merchants.repository.js';
import { createRechargeRepository } from './recharge.repository.js';
import { createRefundService } from './refund.service.js';
import { createRenewalRepository } from './renewal.repository.js';
import { createRenewalService } from './renewal.service.js';
import { createTopUpService } from './topup.service.js';

const tags = ['recharge'];
const balance = { permission: ['Recharge/balance'] } as const;
const consume = { permission: ['Recharge/comsume_record'] } as const;
const renew = { permission: ['Recharge/renew'] } as const;
const renewRecord = { permission: ['Recharge/renew_record'] } as const;
const idParams = z.object({ id: z.coerce.number().int().positive() });

/** Recharge center (SPEC 2.3 /balance, /recharge, /consumeOrder) and /fee/overview: docs/recharge.md. */
export const rechargeRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const { db } = deps.database;
  const orders = createRechargeRepository(db);
  const account = createAccountService({ orders, db, clock: deps.clock });
  const topUp = createTopUpService({
    orders,
    merchants: createMerchantsRepository(db),
    box: secretBoxFor(deps.config),
    db,
    clock: deps.clock,
  });

  app.get(
    '/recharge/providers',
    {
      config: balance,
      schema: { tags, summary: 'Payment providers enabled now', response: okResponse(enabledProviders) },
    },
    async () => ok({ providers: await topUp.providers() }),
  );
  app.post(
    '/recharge/orders',
    {
      config: balance,
      schema: {
        tags,
        summary: 'Top up: a QR code order at the provider',
        body: topUpInput,
        response: okResponse(rechargeOrderRow),
      },
    },
    async (request) => ok(await topUp.create(scopeOf(request), request.body)),
  );
  app.get(
    '/recharge/orders',
    {
      config: balance,
      schema: {
        tags,
        summary: 'Top-up and credit orders of the data subtree',
        querystring: rechargeOrderQuery,
        response: okResponse(listOf(rechargeOrderRow)),
      },
    },
    async (request) => ok(await account.orders(scopeOf(request), request.query)),
  );
  app.get(
    '/recharge/orders/:id',
    {
      config: balance,
      schema: {
        tags,
        summary: 'One order (the page polls it)',
        params: idParams,
        response: okResponse(rechargeOrderRow),
      },
    },
    async (request) => ok(await account.order(scopeOf(request), request.params.id)),
  );
  // Refunds of paid top-ups: platform management (user type 0 with Others; the service checks both).
  const refunds = createRefundService({
    orders,
    merchants: createMerchantsRepository(db),
    box: secretBoxFor(deps.config),
    db,
    clock: deps.clock,
  });
  app.post(
    '/recharge/orders/:id/refund',
    {
      config: { permission: ['Others'] },
      schema: {
        tags,
        summary: 'Refund a paid top-up in full or in part through its provider (platform administrator)',
        params: idParams,
        body: refundInput,
        response: okResponse(refundRow),
      },
    },
    async (request) => ok(await refunds.refund(scopeOf(request), request.params.id, request.body)),
  );
  app.get(
    '/recharge/orders/:id/refunds',
    {
      config: { permission: ['Others'] },
      schema: {
        tags,
        summary: 'The refunds of an order (platform administrator)',
        params: idParams,
        response: okResponse(z.array(refundRow)),
      },
    },
    async (request) => ok(await refunds.list(scopeOf(request), request.params.id)),
  );
  app.post(
    '/recharge/credit',
    {
      config: balance,
      schema: {
        tags,
        summary: 'Credit a user below (from the balance, or offline: platform only)',
        body: creditInput,
        response: okResponse(rechargeOrderRow),
      },
    },
    async (request) => ok(await account.credit(scopeOf(request), request.body)),
  );
  app.get(
    '/recharge/balance',
    {
      config: balance,
      schema: { tags, summary: 'Balance (cents), from the ledger', response: okResponse(balanceReport) },
    },
    async (request) => ok(await account.balance(scopeOf(request))),
  );
  app.get(
    '/recharge/statement',
    {
      config: balance,
      schema: {
        tags,
        summary: 'Balance statement, newest first',
        querystring: statementQuery,
        response: okResponse(listOf(statementRow)),
      },
    },
    async (request) => ok(await account.statement(scopeOf(request), request.query)),
  );
  app.get(
    '/recharge/consumption',
    {
      config: consume,
      schema: {
        tags,
        summary: 'Consumption records (SPEC 4 consume types)',
        querystring: consumptionQuery,
        response: okResponse(listOf(consumptionRow)),
      },
    },
    async (request) => ok(await account.consumption(scopeOf(request), request.query)),
  );
  app.get(
    '/recharge/consumption/export',
    {
      config: consume,
      schema: {
        tags,
        summary: `Consumption records as xlsx (at most ${CONSUMPTION_EXPORT_MAX} rows)`,
        querystring: consumptionExportQuery,
      },
    },
    async (request, reply) => {
      const { rows, total } = await account.consumption(
        scopeOf(request),
        request.query,
        CONSUMPTION_EXPORT_MAX,
      );
      if (total > rows.length) reply.header('x-truncated', '1');
      const file = await consumptionXlsx(rows, request.query.lang, request.query.tz);
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', 'attachment; filename="consumption.xlsx"')
        .send(file);
    },
  );
  const renewal = createRenewalService({
    repo: createRenewalRepository(db),
    db,
    clock: deps.clock,
    pricing: createFeeConfigService({ db }),
  });
  app.get(
    '/recharge/renew/quote',
    {
      config: renew,
      schema: {
        tags,
        summary: 'Rent fee per device and year, and the balance',
        response: okResponse(renewQuote),
      },
    },
    async (request) => ok(await renewal.quote(scopeOf(request))),
  );
  app.get(
    '/recharge/renew/devices',
    {
      config: renew,
      schema: {
        tags,
        summary: 'Own devices with their service expiry',
        querystring: renewableQuery,
        response: okResponse(listOf(renewableDeviceRow)),
      },
    },
    async (request) => ok(await renewal.renewable(scopeOf(request), request.query)),
  );
  app.post(
    '/recharge/renew',
    {
      config: renew,
      schema: {
        tags,
        summary: 'Renew devices for N years from the balance',
        body: renewInput,
        response: okResponse(renewalOrderRow),
      },
    },
    async (request) => ok(await renewal.renew(scopeOf(request), request.body)),
  );
  app.get(
    '/recharge/renew/orders',
    {
      config: renewRecord,
      schema: {
        tags,
        summary: 'Renewal orders of the data subtree',
        querystring: listQuery,
        response: okResponse(listOf(renewalOrderRow)),
      },
    },
    async (request) => ok(await renewal.orders(scopeOf(request), request.query)),
  );
  app.get(
    '/fee/overview',
    {
      schema: {
        tags,
        summary: 'Fee overview: balance, this month, quotas, recent orders, expiry',
        response: okResponse(feeOverview),
      },
    },
    async (request) => ok(await account.overview(scopeOf(request))),
  );
  // Pre-expiry notices of the account's devices (expiry-notices.ts writes them on the leader).
  const notices = createUserNotices(db);
  app.get(
    '/fee/expiry-notices',
    {
      schema: {
        tags,
        summary: 'Notices of devices whose service expires in 30, 7, 1 days or expired, newest first',
        response: okResponse(z.array(expiryNoticeRow)),
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      const rows = await notices.list(scope.dataOwnerId, DEVICE_EXPIRY_SUBJECT, 50);
      return ok(
        rows.map((r) => ({
          id: r.id,
          stage: Number(r.kind.slice(1)),
          count: r.subjectId,
          devices: r.title,
          created_at: r.createdAt.toISOString(),
          read: r.readAt !== null,
        })),
      );
    },
  );
  app.post(
    '/fee/expiry-notices/read',
    {
      schema: {
        tags,
        summary: 'Mark the expiry notices read (all, or the ids given)',
        body: expiryNoticesRead,
        response: okResponse(z.null()),
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      await notices.markRead(scope.dataOwnerId, DEVICE_EXPIRY_SUBJECT, deps.clock(), request.body.ids);
      return ok(null);
    },
  );
};
