import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { run } from './run-steps.mjs';

/** Where docker-compose is: DOCKER_COMPOSE, else the first on PATH (or /usr/bin), else undefined. */
export function findDockerCompose() {
  if (process.env.DOCKER_COMPOSE) return existsSync(process.env.DOCKER_COMPOSE) ? process.env.DOCKER_COMPOSE : undefined;
  const directories = (process.env.PATH ?? '').split(delimiter).concat('/usr/bin', '/usr/local/bin');
  return directories.map((directory) => join(directory, 'docker-compose')).find((path) => existsSync(path));
}

/**
 * The compose test validates docker-compose.yml offline with Debian's docker-compose (Docker
 * itself cannot run here). Installed when we are root and apt-get exists; otherwise the exact
 * command to run is printed. Like Chromium for the browser tests.
 */
export async function ensureDockerCompose() {
  if (findDockerCompose()) return true;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    process.stdout.write("docker-compose is missing; installing Debian's docker-compose package (apt-get)…\n");
    const env = { DEBIAN_FRONTEND: 'noninteractive' };
    // The package lists may be there already (a machine that installed Chromium); update only when needed.
    let install = await run('apt-get', ['install', '-y', '-qq', 'docker-compose'], { env, stdio: 'pipe' });
    if (install.code !== 0) {
      await run('apt-get', ['update', '-qq'], { env, stdio: 'pipe' });
      install = await run('apt-get', ['install', '-y', '-qq', 'docker-compose'], { env, stdio: 'pipe' });
    }
    if (install.code === 0 && findDockerCompose()) return true;
    process.stderr.write(install.output.slice(-2000));
  }
  process.stderr.write(
    "\nThe compose test needs Debian's docker-compose to validate docker-compose.yml. Install it with:\n\n" +
      '    sudo apt-get update && sudo apt-get install -y docker-compose\n\n' +
      'or point DOCKER_COMPOSE at a docker-compose binary, then run npm test again.\n',
  );
  return false;
}
