import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export class AlreadyRunning extends Error {
  override readonly name = 'AlreadyRunning';
}

/** Whether a process with this pid exists (EPERM: it exists, owned by another user). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * One service per data directory: a lock file holding our pid. A lock left by a
 * crashed process (pid no longer alive) is taken over.
 */
export function acquireInstanceLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, 'service.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(path, String(process.pid), { flag: 'wx' });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        rmSync(path, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(readFileSync(path, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new AlreadyRunning(
          `Carbon Ledger is already running (pid ${pid}) with the data in ${dataDir}. ` +
            'Stop that process first, or start this one with another DATA_DIR and PORT.',
        );
      }
      rmSync(path, { force: true });
    }
  }
  throw new AlreadyRunning(`Could not take the lock ${path}`);
}

/** A PostgreSQL left running by a crashed service (its postmaster.pid is alive) is stopped. */
export async function stopOrphanedPostgres(pgDataDir: string): Promise<void> {
  let pid: number;
  try {
    pid = Number(readFileSync(join(pgDataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  process.kill(pid, 'SIGINT');
  for (let waited = 0; waited < 10_000 && isAlive(pid); waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
