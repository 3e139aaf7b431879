import { ensureFreshToken } from '../api/client';
import { getToken } from '../session/token';
import { LiveClient } from './live-client';

let shared: LiveClient | null = null;
let users = 0;

/** The app's one live connection, made on first use with the session's token (refreshed when due). */
export function getLiveClient(): LiveClient {
  shared ??= new LiveClient({
    async getToken() {
      await ensureFreshToken('/wss');
      return getToken();
    },
  });
  return shared;
}

/** Starts the shared connection while at least one consumer holds it; returns the release function. */
export function holdLiveClient(): () => void {
  const client = getLiveClient();
  users++;
  if (users === 1) client.start();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    users--;
    if (users === 0) client.stop();
  };
}

/** Tests: forget the shared client. */
export function resetLiveClient(client: LiveClient | null = null): void {
  shared?.stop();
  shared = client;
  users = 0;
}
