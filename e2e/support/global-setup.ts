import { startServer } from './server.js';
import { configureSmsProvider, startSmsInbox } from './sms-inbox.js';

// One platform for the whole run. TOKEN_TTL is short so that the browser's refresh-before-expiry
// path (SPEC 9: refresh within 30 s of expiry) is exercised by the tests within seconds.
export default async function globalSetup() {
  const server = await startServer({ DEMO: '1', TOKEN_TTL: '45' });
  process.env.E2E_BASE_URL = server.baseUrl;
  process.env.E2E_ADMIN_PASSWORD = server.adminPassword;
  process.env.E2E_DATA_DIR = server.dataDir;
  process.env.E2E_SERVER_PID = String(server.process.pid);
  // A local SMS provider (issue 21): phone sign-in and binding get their codes from it.
  const inbox = await startSmsInbox();
  await configureSmsProvider(server.baseUrl, server.adminPassword, inbox);
  process.env.E2E_SMS_INBOX = inbox.url;
  // Closed by the teardown, which runs in this same runner process.
  (globalThis as { e2eSmsInbox?: typeof inbox }).e2eSmsInbox = inbox;
}
