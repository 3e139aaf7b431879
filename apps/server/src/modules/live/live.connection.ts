import {
  formatLiveFrame,
  LIVE_CLOSE_POLICY,
  LIVE_CLOSE_UNAUTHORIZED,
  liveDeviceIds,
  parseLiveFrame,
} from '@fleet/contracts';
import type { Scope } from '../../platform/auth/scope.js';
import type { LiveHub, LiveMember, LiveSocket } from './live.hub.js';

export interface LiveIdentity {
  scope: Scope;
  /** Epoch ms at which the access token expires. */
  expiresAt: number;
}

export interface LiveConnectionDeps {
  hub: LiveHub;
  clock: () => Date;
  /** The HTTP authenticator (session and user checked) plus the token's expiry; null when invalid. */
  authenticate(token: string): Promise<LiveIdentity | null>;
  onError(error: unknown): void;
  /** Without a valid AUTH within this time the socket is closed with 4401. */
  authTimeoutMs: number;
  /** This many malformed messages close the socket (4400). */
  maxMalformed: number;
}

/** Messages that arrive while the token is being checked wait here (a client may AUTH then SUB at once). */
const MAX_QUEUED = 50;

/**
 * One browser socket: authentication first (`?token=` or an `AUTH,<userId>,<token>` message), then
 * HB / SUB / UNSUB. Anything malformed is answered with ERR and counted, never thrown.
 */
export function handleLiveConnection(
  socket: LiveSocket,
  urlToken: string | undefined,
  deps: LiveConnectionDeps,
): { onMessage(text: string | null): void; onClose(): void } {
  let state: 'waiting' | 'authenticating' | 'open' | 'closed' = 'waiting';
  let member: LiveMember | null = null;
  let malformed = 0;
  const queue: (string | null)[] = [];
  // A function, not a comparison, because the state changes while we await.
  const isClosed = () => state === 'closed';
  /** A SUB being applied: later messages wait, so an HB answer means the SUB is in effect. */
  let working = false;
  const drain = () => {
    while (queue.length > 0 && !working && state === 'open') handle(queue.shift() ?? null);
  };

  const close = (code: number, reason: string) => {
    if (state === 'closed') return;
    state = 'closed';
    clearTimeout(authTimer);
    member?.leave();
    try {
      socket.close(code, reason);
    } catch (error) {
      deps.onError(error);
    }
  };
  const authTimer = setTimeout(() => close(LIVE_CLOSE_UNAUTHORIZED, 'unauthorized'), deps.authTimeoutMs);
  authTimer.unref();

  const reply = (text: string) => {
    try {
      socket.send(text);
    } catch (error) {
      deps.onError(error);
    }
  };
  const bad = (reason: string) => {
    malformed++;
    reply(formatLiveFrame('ERR', 0, reason));
    if (malformed >= deps.maxMalformed) close(LIVE_CLOSE_POLICY, 'too many malformed messages');
  };

  const authenticate = async (token: string, claimedUserId: number) => {
    state = 'authenticating';
    const identity = await deps.authenticate(token).catch((error: unknown) => {
      deps.onError(error);
      return null;
    });
    if (isClosed()) return;
    if (!identity || (claimedUserId !== 0 && claimedUserId !== identity.scope.userId)) {
      close(LIVE_CLOSE_UNAUTHORIZED, 'unauthorized');
      return;
    }
    clearTimeout(authTimer);
    const joined = await deps.hub.join(socket, identity.scope, identity.expiresAt, () =>
      close(LIVE_CLOSE_UNAUTHORIZED, 'session ended'),
    );
    if (isClosed()) {
      joined.leave();
      return;
    }
    member = joined;
    state = 'open';
    drain();
  };

  const deviceIdsOf = (payload: string): number[] | null => {
    try {
      const parsed = liveDeviceIds.safeParse(JSON.parse(payload));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  };

  function handle(text: string | null): void {
    if (state === 'closed') return;
    if (state === 'authenticating' || working) {
      if (queue.length < MAX_QUEUED) queue.push(text);
      else bad('too many messages at once');
      return;
    }
    const frame = text === null ? null : parseLiveFrame(text);
    if (!frame) {
      bad('malformed message');
      return;
    }
    if (state === 'waiting') {
      if (frame.type !== 'AUTH' || frame.payload === '') bad('authenticate first');
      else void authenticate(frame.payload, frame.deviceId).catch(deps.onError);
      return;
    }
    const open = member as LiveMember;
    switch (frame.type) {
      case 'HB':
        reply(formatLiveFrame('HB', 0, String(deps.clock().getTime())));
        return;
      case 'SUB':
      case 'UNSUB': {
        const ids = deviceIdsOf(frame.payload);
        if (!ids) bad(`${frame.type} needs a JSON array of device ids`);
        else if (frame.type === 'UNSUB') open.unsubscribe(ids);
        else {
          working = true;
          void open
            .subscribe(ids)
            .catch(deps.onError)
            .finally(() => {
              working = false;
              drain();
            });
        }
        return;
      }
      case 'AUTH':
        return; // already authenticated (a client retrying its first message)
      default:
        bad(`unknown message type ${frame.type}`);
        return;
    }
  }

  if (urlToken) void authenticate(urlToken, 0).catch(deps.onError);

  return {
    /** `null`: a binary frame (not part of the protocol). */
    onMessage: handle,
    onClose() {
      if (state === 'closed') return;
      state = 'closed';
      clearTimeout(authTimer);
      member?.leave();
    },
  };
}
