// `npm start`: the embedded platform. Builds the web app if needed, then runs the server in this process
// tree, forwarding signals so Ctrl-C stops it cleanly.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildWebIfStale } from './web-build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
if (!buildWebIfStale()) process.exit(1);

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
