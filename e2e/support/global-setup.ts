import { startServer } from './server.js';

// One platform for the whole run. TOKEN_TTL is short so that the browser's refresh-before-expiry
// path (SPEC 9: refresh within 30 s of expiry) is exercised by the tests within seconds.
export default async function globalSetup() {
  const server = await startServer({ DEMO: '1', TOKEN_TTL: '45' });
  process.env.E2E_BASE_URL = server.baseUrl;
  process.env.E2E_ADMIN_PASSWORD = server.adminPassword;
  process.env.E2E_DATA_DIR = server.dataDir;
  process.env.E2E_SERVER_PID = String(server.process.pid);
}
