import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { freePorts } from '@carbon-ledger/ledger-service/testing';

const ROOT = join(import.meta.dirname, '..', '..');

export interface RunningService {
  readonly baseUrl: string;
  readonly admin: { readonly email: string; readonly password: string };
  /** The embedded PostgreSQL's port (tests that plant what an old log may hold write to it directly). */
  readonly postgresPort: number;
  readonly output: () => string;
  stop(): Promise<void>;
}

/**
 * Starts the service exactly as `npm start` does (scripts/start.mjs), on its own
 * data directory and ports; without the demo organisation unless `demo` is set
 * (tests that count rows start from an empty log).
 */
export async function startService(options: { readonly demo?: boolean } = {}): Promise<RunningService> {
  mkdirSync(join(ROOT, '.test-data'), { recursive: true });
  const dataDir = mkdtempSync(join(ROOT, '.test-data', 'e2e-'));
  // Every port the service listens on is given, none left to port 0, which could land on one of these.
  const [port, postgresPort, sandboxPort] = (await freePorts(3)) as [number, number, number];
  const child: ChildProcess = spawn(process.execPath, [join(ROOT, 'scripts', 'start.mjs'), ...(options.demo ? [] : ['--no-demo'])], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), EMBEDDED_PG_PORT: String(postgresPort), XRPL_SANDBOX_PORT: String(sandboxPort) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const stop = async (): Promise<void> => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
          resolve();
        }, 15_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 150_000;
  while (!/is running at (http:\/\/\S+)/.test(output)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`the service did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const email = /email:\s+(\S+)/.exec(output)?.[1];
  const password = /password:\s+(\S+)/.exec(output)?.[1];
  if (!email || !password) {
    await stop();
    throw new Error(`the first start printed no administrator account:\n${output}`);
  }
  return { baseUrl: `http://127.0.0.1:${port}`, admin: { email, password }, postgresPort, output: () => output, stop };
}
