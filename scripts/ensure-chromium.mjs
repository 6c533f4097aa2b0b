import { existsSync } from 'node:fs';
import { run } from './run-steps.mjs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The browser tests drive Debian's Chromium. Installed here when we are root and
 * apt-get exists; otherwise the exact command to run is printed.
 */
export async function ensureChromium() {
  if (existsSync(CHROMIUM)) return true;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    process.stdout.write("Chromium is missing; installing Debian's chromium package (apt-get)…\n");
    const env = { DEBIAN_FRONTEND: 'noninteractive' };
    await run('apt-get', ['update', '-qq'], { env, stdio: 'pipe' });
    const install = await run('apt-get', ['install', '-y', '-qq', 'chromium'], { env, stdio: 'pipe' });
    if (install.code === 0 && existsSync(CHROMIUM)) return true;
    process.stderr.write(install.output.slice(-2000));
  }
  process.stderr.write(
    `\nThe browser tests need Chromium at ${CHROMIUM}. Install it with:\n\n    sudo apt-get update && sudo apt-get install -y chromium\n\n` +
      'or point CHROMIUM_PATH at a Chromium binary, then run npm test again.\n',
  );
  return false;
}
