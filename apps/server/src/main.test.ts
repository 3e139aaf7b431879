import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const tsx = join(serverDir, '../../node_modules/.bin/tsx');

function runMain(env: Record<string, string>, timeoutMs = 20000) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(tsx, ['src/main.ts'], {
      cwd: serverDir,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`main.ts did not exit: ${stdout}${stderr}`));
    }, timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

let holder: Server;
let port: number;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'fleet-main-'));
  holder = createServer();
  await new Promise<void>((done) => holder.listen(0, '0.0.0.0', done));
  port = (holder.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise<void>((done) => holder.close(() => done()));
  rmSync(dataDir, { recursive: true, force: true });
});

describe('main.ts', () => {
  it('exits 1 with one clear line when the port is taken', async () => {
    const res = await runMain({ PORT: String(port), DATA_DIR: dataDir });
    expect(res.code).toBe(1);
    const lines = res.stderr.trim().split('\n');
    expect(lines).toEqual([`Port ${port} is already in use; set PORT to another port (0 picks a free one).`]);
    expect(res.stderr).not.toMatch(/\bat .+:\d+:\d+/);
  });

  it('exits 1 with one line naming a bad variable', async () => {
    const res = await runMain({ PORT: 'eighty', DATA_DIR: dataDir });
    expect(res.code).toBe(1);
    const lines = res.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('PORT');
    expect(res.stdout).toBe('');
  });
});
