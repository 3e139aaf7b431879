import { isValidImei, mayPublish, maySubscribe } from '@fleet/protocols';
import type { DeviceRuntime } from '../../../platform/runtime.js';
import type { OfflineReason } from '../../types.js';
import { isExpired, verifyDeviceSecret } from '../credentials.js';

type Verdict = { result: 'allow' | 'deny' | 'ignore'; is_superuser?: boolean };

/** EMQX's disconnect reasons as the online/offline log names them; null: a newer connection took over. */
function offlineReason(reason: string | undefined): OfflineReason | null {
  if (reason === 'takenover' || reason === 'discarded') return null;
  if (reason === 'keepalive_timeout') return 'heartbeat';
  if (reason === 'kicked') return 'kicked';
  return 'closed';
}

/**
 * The rules behind EMQX's HTTP hooks (docs/protocols.md "EMQX"): a device logs in with its IMEI as
 * both client id and username and its MQTT password, may use only its own topics, and its connect /
 * disconnect events drive presence. Usernames that are no IMEI are not ours to judge ('ignore').
 */
export function createEmqxHooksService(deps: { runtime: DeviceRuntime; clock: () => Date }) {
  const { runtime, clock } = deps;
  return {
    async authenticate(login: { clientid?: string; username?: string; password?: string }): Promise<Verdict> {
      if (!login.username || !isValidImei(login.username)) return { result: 'ignore' };
      const device = await runtime.directory.byImei(login.username);
      const matches = verifyDeviceSecret(device, login.password ?? '');
      if (!device || !matches || login.clientid !== login.username || isExpired(device, clock()))
        return { result: 'deny' };
      return { result: 'allow', is_superuser: false };
    },

    async authorize(access: {
      clientid?: string;
      username?: string;
      topic: string;
      action: 'publish' | 'subscribe' | 'all';
    }): Promise<Verdict> {
      if (!access.username || !isValidImei(access.username)) return { result: 'ignore' };
      const device = await runtime.directory.byImei(access.username);
      if (!device || access.clientid !== access.username) return { result: 'deny' };
      const publish = mayPublish(device.imei, access.topic);
      const subscribe = maySubscribe(device.imei, access.topic);
      const allowed =
        access.action === 'publish'
          ? publish
          : access.action === 'subscribe'
            ? subscribe
            : publish && subscribe;
      return { result: allowed ? 'allow' : 'deny' };
    },

    /** client.connected / client.disconnected of a device's own session; anything else is ignored. */
    async clientEvent(event: {
      event: string;
      clientid?: string;
      username?: string;
      peername?: string;
      reason?: string;
    }): Promise<void> {
      const imei = event.username ?? event.clientid ?? '';
      const device = isValidImei(imei) ? await runtime.directory.byImei(imei) : null;
      if (!device || event.clientid !== imei) return;
      const address = event.peername?.replace(/:\d+$/, '') ?? '';
      if (event.event === 'client.connected') await runtime.presence.connected(device.id, 'mqtt', address);
      if (event.event === 'client.disconnected') {
        const reason = offlineReason(event.reason);
        if (reason) await runtime.presence.disconnected(device.id, 'mqtt', reason);
      }
    },
  };
}
