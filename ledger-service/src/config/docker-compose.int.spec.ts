import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SESSION_COOKIE } from '@carbon-ledger/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Wallet } from 'xrpl';
import { parse } from 'yaml';
import { configSchema, loadConfig } from './config.js';

/**
 * Docker cannot run where this suite runs, so the stack is checked offline: Debian's
 * docker-compose (v1) resolves the file the way `docker compose up` would, and the
 * environment it gives the service containers goes through the service's own config loader.
 */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const COMPOSE_FILE = join(ROOT, 'docker-compose.yml');
const SERVICE_CONTAINERS = ['ledger-1', 'ledger-2'] as const;

const SECRETS: Readonly<Record<string, string>> = {
  POSTGRES_PASSWORD: 'compose-test-password',
  XRPL_ISSUER_SEED: Wallet.generate().seed ?? '',
  XRPL_MARKET_MAKER_SEED: Wallet.generate().seed ?? '',
  XRPL_KYC_ISSUER_SEED: Wallet.generate().seed ?? '',
  XRPL_AUDIT_ANCHOR_SEED: Wallet.generate().seed ?? '',
  XRPL_DEPOSIT_SEED: Wallet.generate().seed ?? '',
};

function findDockerCompose(): string | undefined {
  if (process.env.DOCKER_COMPOSE) return existsSync(process.env.DOCKER_COMPOSE) ? process.env.DOCKER_COMPOSE : undefined;
  const directories = (process.env.PATH ?? '').split(delimiter).concat('/usr/bin', '/usr/local/bin');
  return directories.map((directory) => join(directory, 'docker-compose')).find((path) => existsSync(path));
}

interface ComposeService {
  readonly image?: string;
  readonly build?: unknown;
  readonly environment?: Record<string, string | number | boolean | null>;
  readonly healthcheck?: { readonly test: unknown };
  readonly volumes?: readonly (string | { readonly source?: string })[];
  readonly command?: unknown;
  readonly ports?: readonly unknown[];
}

interface ComposeFile {
  readonly services: Record<string, ComposeService>;
  readonly networks?: Record<string, { readonly internal?: boolean } | null>;
}

describe('docker-compose.yml, validated offline with docker-compose config', () => {
  let dockerCompose: string;
  let workDir: string;
  let emptyEnvFile: string;

  /** `docker-compose config` with exactly these variables: nothing leaks in from the runner's environment or a .env file. */
  const composeConfig = (variables: Readonly<Record<string, string>>): Promise<{ code: number; stdout: string; stderr: string }> =>
    new Promise((resolve) => {
      execFile(
        dockerCompose,
        ['--env-file', emptyEnvFile, '--project-directory', ROOT, '-f', COMPOSE_FILE, 'config'],
        { cwd: workDir, env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: workDir, ...variables }, timeout: 60_000 },
        (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
      );
    });

  let resolved: ComposeFile;

  /** Without docker-compose every test here fails with the command that installs it (never skips). */
  let missing: Error | undefined;
  const compose = (): ComposeFile => {
    if (missing) throw missing;
    return resolved;
  };

  beforeAll(async () => {
    const found = findDockerCompose();
    if (!found) {
      missing = new Error(
        "Debian's docker-compose is needed to validate docker-compose.yml offline. Install it with:\n\n" +
          '    sudo apt-get update && sudo apt-get install -y docker-compose\n\n' +
          '(npm test installs it when run as root), or point DOCKER_COMPOSE at a docker-compose binary.',
      );
      return;
    }
    dockerCompose = found;
    workDir = mkdtempSync(join(tmpdir(), 'compose-check-'));
    emptyEnvFile = join(workDir, 'empty.env');
    writeFileSync(emptyEnvFile, '');
    const result = await composeConfig(SECRETS);
    if (result.code !== 0) throw new Error(`docker-compose config refused the file:\n${result.stderr}`);
    resolved = parse(result.stdout) as ComposeFile;
  });
  afterAll(() => {
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  it('has the production shape: 3 KurrentDB nodes, PostgreSQL, a standalone rippled, two service instances and a load balancer, each with a health check', () => {
    const names = Object.keys(compose().services);
    for (const name of ['kurrentdb-1', 'kurrentdb-2', 'kurrentdb-3', 'postgres', 'rippled', ...SERVICE_CONTAINERS, 'nginx']) {
      expect(names, name).toContain(name);
      expect(compose().services[name]?.healthcheck?.test, `${name} has a health check`).toBeDefined();
    }
    expect(JSON.stringify(compose().services.rippled?.command)).toMatch(/rippled -a .*--conf \/etc\/opt\/ripple\/rippled\.cfg/);
    for (const name of SERVICE_CONTAINERS) expect(compose().services[name]?.build, `${name} is built from the Dockerfile`).toBeDefined();
    // Only the load balancer is published; the engines sit on a network with no way out.
    expect(
      Object.entries(compose().services)
        .filter(([, service]) => (service.ports ?? []).length > 0)
        .map(([name]) => name),
    ).toEqual(['nginx']);
    expect(compose().networks?.backend?.internal).toBe(true);
  });

  it('keeps every stateful service’s data in a named volume', () => {
    for (const name of ['kurrentdb-1', 'kurrentdb-2', 'kurrentdb-3', 'postgres', 'rippled', ...SERVICE_CONTAINERS]) {
      const volumes = (compose().services[name]?.volumes ?? []).map((volume) => (typeof volume === 'string' ? volume : (volume.source ?? '')));
      expect(
        volumes.some((volume) => /^[a-z0-9-]+-data(:|$)/.test(volume)),
        `${name}: ${volumes.join(', ')}`,
      ).toBe(true);
    }
  });

  it('sets every variable the service reads (from its config schema) for each service instance, and no variable it does not read', () => {
    const read = Object.keys(configSchema.shape).sort();
    expect(read.length).toBeGreaterThan(30);
    for (const name of SERVICE_CONTAINERS) {
      const given = Object.keys(compose().services[name]?.environment ?? {}).sort();
      expect(
        read.filter((variable) => !given.includes(variable)),
        `${name}: variables the service reads that the file leaves out`,
      ).toEqual([]);
      expect(
        given.filter((variable) => !read.includes(variable)),
        `${name}: variables the service does not read`,
      ).toEqual([]);
    }
  });

  it('gives each instance an environment the service’s config loader accepts: KurrentDB, the PostgreSQL server, rippled, production logs, metrics, one trusted proxy', () => {
    for (const name of SERVICE_CONTAINERS) {
      const environment = Object.fromEntries(
        Object.entries(compose().services[name]?.environment ?? {}).map(([key, value]) => [key, value === null ? '' : String(value)]),
      );
      const config = loadConfig(environment, '/app');
      expect(config).toMatchObject({
        NODE_ENV: 'production',
        HOST: '0.0.0.0',
        EVENT_STORE: 'kurrentdb',
        KURRENTDB_URL: expect.stringMatching(/^kurrentdb:\/\/kurrentdb-1:2113,kurrentdb-2:2113,kurrentdb-3:2113/),
        XRPL_URL: 'ws://rippled:6006',
        METRICS_PORT: 9464,
        TRUST_PROXY: 1,
        XRPL_ISSUER_SEED: SECRETS.XRPL_ISSUER_SEED,
        XRPL_AUDIT_ANCHOR_SEED: SECRETS.XRPL_AUDIT_ANCHOR_SEED,
        XRPL_DEPOSIT_SEED: SECRETS.XRPL_DEPOSIT_SEED,
        consoleDist: '/app/console/dist',
      });
      expect(new URL(config.DATABASE_URL ?? '').host).toBe('postgres:5432');
      expect(new URL(config.DATABASE_URL ?? '').password).toBe(SECRETS.POSTGRES_PASSWORD);
      // Optional integrations left empty count as unset, not as invalid URLs.
      expect(config.CARBON_PRICE_FEED_URL).toBeUndefined();
      expect(config.KYC_API_KEY).toBeUndefined();
    }
  });

  it.each(Object.keys(SECRETS))('refuses to resolve while %s is missing, naming it', async (secret) => {
    compose();
    const { [secret]: _left, ...rest } = SECRETS;
    const result = await composeConfig(rest);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain(secret);
  });

  it('holds no secret: passwords and seeds appear only as required ${VAR:?…} references, optional keys as ${VAR:-}', () => {
    compose();
    const text = readFileSync(COMPOSE_FILE, 'utf8');
    const raw = parse(text, { merge: true }) as ComposeFile;
    const secretLike = /^(XRPL_\w+_SEED|\w*PASSWORD|\w+_API_KEY|\w*SECRET)$/;
    for (const [service, definition] of Object.entries(raw.services)) {
      for (const [key, value] of Object.entries(definition.environment ?? {})) {
        if (!secretLike.test(key)) continue;
        expect(String(value), `${service}.${key}`).toMatch(new RegExp(`^\\$\\{${key}(:\\?[^}]+|:-)\\}$`));
      }
    }
    expect(String(raw.services['ledger-1']?.environment?.DATABASE_URL)).toContain('${POSTGRES_PASSWORD:?');
    for (const value of Object.values(SECRETS)) expect(text).not.toContain(value);
  });
});

describe('the image and the load balancer the file uses', () => {
  const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
  const runtimeStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
  const nginx = readFileSync(join(ROOT, 'deploy', 'nginx', 'nginx.conf'), 'utf8');

  it('builds on Node 24 in stages and runs as a non-root user with production dependencies and the built console', () => {
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:24[-\w.]*$/m);
    expect(dockerfile.match(/^FROM /gm)?.length).toBeGreaterThanOrEqual(2);
    expect(runtimeStage).toMatch(/^RUN npm ci --omit=dev/m);
    expect(runtimeStage).toMatch(/^COPY --from=build \/app\/console\/dist console\/dist$/m);
    expect(runtimeStage).toMatch(/^USER node$/m);
    expect(runtimeStage).toMatch(/^CMD \["node", "ledger-service\/dist\/main\.js", "--no-demo"\]$/m);
  });

  it('passes WebSocket upgrades to the instances and keeps a socket.io session on one instance while it long-polls', () => {
    expect(nginx).toContain('proxy_set_header Upgrade $http_upgrade;');
    expect(nginx).toContain('proxy_set_header Connection $connection_upgrade;');
    expect(nginx).toMatch(new RegExp(`upstream ledger_sockets \\{\\s*hash \\$cookie_${SESSION_COOKIE} consistent;`));
    for (const instance of SERVICE_CONTAINERS) expect(nginx).toContain(`server ${instance}:3000`);
  });
});
