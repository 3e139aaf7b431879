import { rmSync } from 'node:fs';
import type { SmsInbox } from './sms-inbox.js';

export default async function globalTeardown() {
  await (globalThis as { e2eSmsInbox?: SmsInbox }).e2eSmsInbox?.close();
  const pid = Number(process.env.E2E_SERVER_PID);
  if (pid) {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  if (process.env.E2E_DATA_DIR) rmSync(process.env.E2E_DATA_DIR, { recursive: true, force: true });
}
