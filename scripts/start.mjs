// `npm start`: the embedded platform. Builds the web app and the server bundle when their sources
// changed, then runs the compiled server (apps/server/dist/main.js, plain JavaScript) in this process
// tree, forwarding signals so Ctrl-C stops it cleanly.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildServerIfStale } from './server-build.mjs';
import { buildWebIfStale } from './web-build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
if (!buildWebIfStale()) process.exit(1);
if (!(await buildServerIfStale())) process.exit(1);

const server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
