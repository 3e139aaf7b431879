import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirInUseError extends Error {
  constructor(
    readonly file: string,
    readonly pid: number,
  ) {
    super(
      `DATA_DIR is in use by another server (pid ${pid}); stop it or set DATA_DIR to another directory (lock file ${file}).`,
    );
    this.name = 'DataDirInUseError';
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is single-process: one server per data directory. Takes `<dir>/server.pid`
 * (a stale file of a dead process is taken over) and returns its release function.
 */
export function lockDataDir(dir: string): () => void {
  const file = join(dir, 'server.pid');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      const release = () => {
        process.off('exit', release);
        try {
          if (readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file, { force: true });
        } catch {
          // already gone
        }
      };
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
      if (Number.isSafeInteger(pid) && pid !== process.pid && alive(pid))
        throw new DataDirInUseError(file, pid);
      rmSync(file, { force: true });
    }
  }
  throw new Error(`could not take ${file}`);
}
