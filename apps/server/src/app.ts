import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { ingestRoutes } from './gateways/http/ingest.routes.js';
import { emqxHookRoutes } from './gateways/mqtt/provisioning/emqx-hooks.routes.js';
import { alarmsRoutes } from './modules/alarms/alarms.routes.js';
import { accountsAuthRoutes } from './modules/auth/accounts.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { DEFAULT_LOGIN_THROTTLE } from './modules/auth/auth.service.js';
import { buildAuthenticator } from './modules/auth/authenticator.js';
import { commandsRoutes } from './modules/commands/commands.routes.js';
import { companiesRoutes } from './modules/companies/companies.routes.js';
import { connectivityRoutes } from './modules/connectivity/connectivity.routes.js';
import { contactsRoutes } from './modules/contacts/contacts.routes.js';
import { customScreensRoutes } from './modules/custom-screens/custom-screens.routes.js';
import { customizeRoutes } from './modules/customize/customize.routes.js';
import { customizeAdminRoutes } from './modules/customize/customize-admin.routes.js';
import { devicesRoutes } from './modules/devices/devices.routes.js';
import { registerExportWorker } from './modules/exports/export-plugin.js';
import { exportsRoutes } from './modules/exports/exports.routes.js';
import { graphlibRoutes } from './modules/graphlib/graphlib.routes.js';
import { registerGraphlibSweep } from './modules/graphlib/graphlib.sweep.js';
import { graphlibFileRoutes } from './modules/graphlib/graphlib-files.routes.js';
import { groupsRoutes } from './modules/groups/groups.routes.js';
import { liveRoutes } from './modules/live/live.routes.js';
import { assetRoutes } from './modules/maintenance/assets/assets.routes.js';
import { enforcementRoutes } from './modules/maintenance/enforcement/enforcement.routes.js';
import { registerEnforcementSweep } from './modules/maintenance/enforcement/enforcement.sweep.js';
import { maintenanceRoutes } from './modules/maintenance/maintenance.routes.js';
import { registerPlanGenerator } from './modules/maintenance/plans/plans.generator.js';
import { maintenancePlanRoutes } from './modules/maintenance/plans/plans.routes.js';
import { registerWorkOrderDue } from './modules/maintenance/work-orders.due.js';
import { modelsRoutes } from './modules/models/models.routes.js';
import { otaApplicationRoutes } from './modules/ota/applications.routes.js';
import { otaCommandRoutes } from './modules/ota/commands.routes.js';
import { otaPackageRoutes } from './modules/ota/package.routes.js';
import { otaPlanRoutes } from './modules/ota/plans.routes.js';
import { registerOtaRollout } from './modules/ota/plans.worker.js';
import { otaRegistryRoutes } from './modules/ota/registry.routes.js';
import { overviewRoutes } from './modules/overview/overview.routes.js';
import { registerExpiryNotices } from './modules/recharge/expiry-notices.js';
import { feeConfigRoutes } from './modules/recharge/fee-config.routes.js';
import { merchantsRoutes } from './modules/recharge/merchants.routes.js';
import { notifyRoutes } from './modules/recharge/notify.routes.js';
import { rechargeRoutes } from './modules/recharge/recharge.routes.js';
import { registerRechargeExpiry } from './modules/recharge/recharge-expiry.js';
import { registerReportScheduler } from './modules/reports/report-scheduler.js';
import { reportsRoutes } from './modules/reports/reports.routes.js';
import { rolesRoutes } from './modules/roles/roles.routes.js';
import { scadaRoutes } from './modules/scada/scada.routes.js';
import { screensRoutes } from './modules/screens/screens.routes.js';
import { phoneRoutes } from './modules/sms/phone.routes.js';
import { smsSettingsRoutes } from './modules/sms/sms-settings.routes.js';
import { metricsRoutes } from './modules/system/metrics.routes.js';
import { optionAdminRoutes } from './modules/system/option-admin.routes.js';
import { systemRoutes } from './modules/system/system.routes.js';
import { telemetryRoutes } from './modules/telemetry/telemetry.routes.js';
import { templatesRoutes } from './modules/templates/templates.routes.js';
import { triggersRoutes } from './modules/triggers/triggers.routes.js';
import { userAdminRoutes } from './modules/users/user-admin.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { authPlugin } from './platform/auth/auth.plugin.js';
import { createTokenSigner } from './platform/auth/tokens.js';
import type { AppDeps, ModuleDeps } from './platform/deps.js';
import { registerDeviceChangeHook } from './platform/device-change-hook.js';
import { registerErrorHandlers } from './platform/http/error-handler.js';
import { registerJsonParser } from './platform/http/json-parser.js';
import { selfAndMapTiles } from './platform/http/map-origin.js';
import { registerNoStore } from './platform/http/no-store.js';
import { registerNulGuard } from './platform/http/nul-guard.js';
import { openApiRoute, registerOpenApi } from './platform/http/openapi.js';
import { registerStartupGate } from './platform/http/starting-page.js';
import { registerWebApp } from './platform/http/web.js';
import { registerEscalation } from './platform/notices/escalation.js';
import { registerNoticeWorker } from './platform/notices/notice-plugin.js';
import { createRuntime } from './platform/runtime.js';

export const API_PREFIX = '/api/v1';

/** Content-Security-Policy that lets the Ant Design app run (it injects <style> tags). */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  // 'self' covers ws:/wss: to the same host and port (CSP Level 3, Chromium 111+, Firefox, Safari);
  // a bare ws:/wss: would let an injected script talk to any websocket server.
  // The map (MapLibre) fetches tiles and decodes them as blobs; a configured tile server is the one
  // other origin allowed (platform/http/map-origin.ts).
  connectSrc: [selfAndMapTiles],
  imgSrc: [selfAndMapTiles, 'data:', 'blob:'],
  // MapLibre runs its tile parsing in a worker built from a blob URL.
  workerSrc: ["'self'", 'blob:'],
  fontSrc: ["'self'", 'data:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'self'"],
  upgradeInsecureRequests: null,
};

/** Registers plugins and modules, nothing else. The caller owns `deps.database`. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const trust = deps.config.TRUST_PROXY;
  // A hop count means: believe that many proxies nearest to us.
  const trustProxy = typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
  const app = deps.logger
    ? Fastify({ loggerInstance: deps.logger, trustProxy })
    : Fastify({ logger: false, trustProxy });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandlers(app);
  const { ready } = deps;
  if (ready) registerStartupGate(app, ready, API_PREFIX);
  registerJsonParser(app);
  registerNulGuard(app);
  registerNoStore(app);

  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    crossOriginEmbedderPolicy: false,
  });
  await registerOpenApi(app);

  const clock = deps.clock ?? (() => new Date());
  let runtime = deps.runtime;
  if (!runtime) {
    // No runtime handed in (tests of HTTP-only features): an embedded one that lives with the app.
    const own = await createRuntime({
      config: deps.config,
      database: deps.database,
      clock,
      ready: deps.ready,
    });
    app.addHook('onClose', () => own.close());
    runtime = own;
  }
  const signer = createTokenSigner(deps.tokenKey);
  const moduleDeps: ModuleDeps = {
    config: deps.config,
    database: deps.database,
    signer,
    clock,
    loginThrottle: deps.loginThrottle ?? DEFAULT_LOGIN_THROTTLE,
    runtime,
  };
  await app.register(authPlugin, {
    apiPrefix: `${API_PREFIX}/`,
    authenticate: buildAuthenticator(deps.database.db, signer, clock),
  });

  await app.register(
    async (api) => {
      registerDeviceChangeHook(api, API_PREFIX, runtime.bus);
      await api.register(openApiRoute);
      await api.register(systemRoutes, moduleDeps);
      await api.register(metricsRoutes, moduleDeps);
      await api.register(authRoutes, moduleDeps);
      await api.register(usersRoutes, moduleDeps);
      await api.register(customizeRoutes, moduleDeps);
      await api.register(devicesRoutes, moduleDeps);
      await api.register(templatesRoutes, moduleDeps);
      await api.register(scadaRoutes, moduleDeps);
      // Graph library uploads (docs/api-scada.md "Graph library").
      await api.register(graphlibRoutes, moduleDeps);
      await api.register(otaPackageRoutes, moduleDeps);
      // OTA gateways and SIM cards (docs/api-ota.md).
      await api.register(otaRegistryRoutes, moduleDeps);
      // OTA applications, plans and the rollout, log and error traces (docs/api-ota.md).
      await api.register(otaApplicationRoutes, moduleDeps);
      await api.register(otaPlanRoutes, moduleDeps);
      // Gateway commands of SPEC 7 on OTA gateways (docs/api-ota.md "Gateway commands").
      await api.register(otaCommandRoutes, moduleDeps);
      await api.register(modelsRoutes, moduleDeps);
      await api.register(groupsRoutes, moduleDeps);
      await api.register(companiesRoutes, moduleDeps);
      // Accounts and tenancy (docs/api-accounts.md).
      await api.register(userAdminRoutes, moduleDeps);
      await api.register(rolesRoutes, moduleDeps);
      await api.register(accountsAuthRoutes, moduleDeps);
      await api.register(customizeAdminRoutes, moduleDeps);
      await api.register(optionAdminRoutes, moduleDeps);
      // Connectivity and the data pipeline (docs/api-pipeline.md).
      await api.register(telemetryRoutes, moduleDeps);
      await api.register(commandsRoutes, moduleDeps);
      await api.register(connectivityRoutes, moduleDeps);
      // Alarm log and reports (docs/api-alarms.md).
      await api.register(alarmsRoutes, moduleDeps);
      await api.register(ingestRoutes, moduleDeps);
      // EMQX's HTTP authentication, authorization and client events (docs/protocols.md "EMQX").
      if (deps.config.MQTT_PROVISION === 'emqx') await api.register(emqxHookRoutes, moduleDeps);
      // Triggers (docs/api-alarms.md "Trigger API").
      await api.register(triggersRoutes, moduleDeps);
      // Platform overview of the dashboard (SPEC 2.3 /dashboard/index).
      await api.register(overviewRoutes, moduleDeps);
      // Monitoring screens: big screen figures, device map, basemap setting (docs/screens.md).
      await api.register(screensRoutes, moduleDeps);
      await api.register(customScreensRoutes, moduleDeps);
      // Trigger contacts and notices (docs/api-alarms.md "Contacts and notices").
      await api.register(contactsRoutes, moduleDeps);
      // SMS and voice providers, receipts and phone codes (docs/notices.md).
      await api.register(smsSettingsRoutes, moduleDeps);
      await api.register(phoneRoutes, moduleDeps);
      // Data report V2 and scheduled reports (docs/api-datacenter.md).
      await api.register(reportsRoutes, moduleDeps);
      // Background exports and the download list (docs/api-datacenter.md "Exports").
      await api.register(exportsRoutes, moduleDeps);
      // Recharge center, fee overview, payment merchants and notifications (docs/recharge.md).
      await api.register(rechargeRoutes, moduleDeps);
      await api.register(merchantsRoutes, moduleDeps);
      await api.register(feeConfigRoutes, moduleDeps);
      await api.register(notifyRoutes, moduleDeps);
      // Maintenance work orders, fault repair, my work orders (docs/maintenance.md).
      await api.register(maintenanceRoutes, moduleDeps);
      await api.register(enforcementRoutes, moduleDeps);
      // The device ledger (asset register), behind the deviceAccount switch (docs/maintenance.md).
      await api.register(assetRoutes, moduleDeps);
      // Maintenance plans and figures (docs/maintenance.md "Maintenance plans", "Figures").
      await api.register(maintenancePlanRoutes, moduleDeps);
    },
    { prefix: API_PREFIX },
  );
  // Background work runs on the job layer (DESIGN 11): the notice and export consumers on every
  // instance, the report schedules, export sweeps and the graph library's file sweep on the leader.
  const workers = {
    database: deps.database,
    bus: runtime.bus,
    clock,
    config: deps.config,
    jobs: runtime.jobs,
  };
  registerNoticeWorker(app, workers);
  registerEscalation(app, workers);
  registerExportWorker(app, { ...workers, instanceId: runtime.instanceId });
  registerReportScheduler(app, workers);
  registerGraphlibSweep(app, workers);
  registerEnforcementSweep(workers);
  registerOtaRollout(app, { config: deps.config, runtime, clock });
  registerRechargeExpiry({ ...workers, logger: app.log });
  registerExpiryNotices(workers);
  registerWorkOrderDue(workers);
  registerPlanGenerator(workers);
  // The layer's timers start once start-up work (migrations) is done; a runtime handed in may have started it.
  app.addHook('onReady', async () => {
    Promise.resolve(ready).then(
      () => runtime.jobs.start(),
      () => undefined,
    );
  });
  // The live channel is at the root: /wss (DESIGN 9, docs/api-live.md).
  await app.register(liveRoutes, moduleDeps);
  // Uploaded graph library files, content-addressed and public: /upload/graphlib/{hash}.svg|.png.
  await app.register(graphlibFileRoutes, moduleDeps);

  await registerWebApp(app, deps.config.WEB_DIST);
  return app;
}
