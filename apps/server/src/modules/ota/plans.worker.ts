import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { otaSigningKeyFor } from '../../platform/crypto/signing-key.js';
import type { DeviceRuntime } from '../../platform/runtime.js';
import { createOtaApplicationsRepository } from './applications.repository.js';
import { createDownloadTokens } from './download-token.js';
import { createOtaPlansRepository } from './plans.repository.js';
import { createOtaRollout, type OtaRollout } from './plans.rollout.js';

/** Bus channel: a plan was created or resumed; the leader ticks now instead of at its next interval. */
export const OTA_KICK = 'ota.kick';
/** The leader advances every running plan this often. */
export const OTA_TICK_MS = 2000;

declare module 'fastify' {
  interface FastifyInstance {
    /** The OTA rollout of this instance (tests drive it with tick()). */
    otaRollout: OtaRollout;
  }
}

/**
 * The rollout on the job layer (DESIGN 11): a leader tick advances the running plans, and every
 * instance ingests the progress its MQTT connection receives (the plan rows are the only state).
 */
export function registerOtaRollout(
  app: FastifyInstance,
  deps: { config: Config; runtime: DeviceRuntime; clock: () => Date },
): void {
  const { runtime } = deps;
  const signingKey = otaSigningKeyFor(deps.config).privateKey;
  const rollout = createOtaRollout({
    plans: createOtaPlansRepository(runtime.database.db),
    applications: createOtaApplicationsRepository(runtime.database.db),
    tokens: createDownloadTokens(signingKey),
    signingKey,
    clock: deps.clock,
    publishDown: (imei, payload) => runtime.ota.publishDown(imei, payload),
    loginOwner: async (imei) => (await runtime.directory.byImei(imei))?.ownerUserId ?? null,
    logger: app.log,
  });
  app.decorate('otaRollout', rollout);
  runtime.ota.setProgressHandler((sender, payload) => rollout.progress(sender, payload));
  const task = runtime.jobs.onLeader('ota rollout', OTA_TICK_MS, () => rollout.tick());
  const unsubscribe = runtime.bus.subscribe(OTA_KICK, () => {
    if (runtime.jobs.leader.isLeader()) task.kick();
  });
  app.addHook('onClose', async () => {
    unsubscribe();
    runtime.ota.setProgressHandler(null);
  });
}
