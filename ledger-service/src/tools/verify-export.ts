import { resolve } from 'node:path';
import { verifyEvidenceFile } from '../compliance/evidence/verify-evidence-file.js';

/** npm run verify:export FILE: verifies a downloaded JSON evidence export offline; names the first mismatch. */
async function main(): Promise<number> {
  const file = process.argv[2];
  if (!file) {
    process.stderr.write('usage: npm run verify:export <evidence-export.json>\n');
    return 2;
  }
  // npm runs scripts from the project root; the path is the user's, from where they typed it.
  const path = resolve(process.env.INIT_CWD ?? process.cwd(), file);
  const started = performance.now();
  const result = await verifyEvidenceFile(path);
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  if (!result.ok) {
    process.stdout.write(`MISMATCH in ${path} at line ${result.firstMismatch?.line} (${seconds} s):\n  ${result.firstMismatch?.reason}\n`);
    return 3;
  }
  process.stdout.write(
    [
      `OK: ${path} (${seconds} s)`,
      `  ${result.events} events re-derived from their content, ${result.leaves} more listed by hash`,
      `  stream links: every event names the hash and the next version of its stream's previous event in the file, but ${result.entryPoints} entry points` +
        ` whose predecessor is not in it (a stream begun before the file, or versions listed by hash): their prevHash is as listed`,
      `  ${result.seals} seals: Merkle roots and seal chain match; ${result.unsealedEvents} events are newer than the last seal`,
      `  manifest SHA-256 ${result.manifestSha256}`,
      ...(result.anchors.length
        ? [
            '  Anchors to look up on the XRP Ledger (memo carries the seal root):',
            ...result.anchors.map((anchor) => `    seal ${anchor.sealNumber} -> ${anchor.network} tx ${anchor.txHash}`),
          ]
        : ['  No anchors in this export.']),
      '',
    ].join('\n'),
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`verify:export failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
