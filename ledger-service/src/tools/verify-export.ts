import { resolve } from 'node:path';
import { checkDocumentsFolder } from '../compliance/evidence/documents-folder.js';
import { verifyEvidenceFile } from '../compliance/evidence/verify-evidence-file.js';

const USAGE = 'usage: npm run verify:export <evidence-export.json> [--documents <folder of downloaded documents>]\n';

/**
 * npm run verify:export FILE [--documents FOLDER]: verifies a downloaded JSON evidence export
 * offline and names the first mismatch; lists the documents its events cite and, given a folder
 * they were downloaded into, checks each against the SHA-256 the log recorded.
 */
async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const flag = args.indexOf('--documents');
  const folderArg = flag >= 0 ? args[flag + 1] : undefined;
  const file = args.find((arg, index) => index !== flag && index !== flag + 1);
  if (!file || (flag >= 0 && !folderArg)) {
    process.stderr.write(USAGE);
    return 2;
  }
  // npm runs scripts from the project root; the paths are the user's, from where they typed them.
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const path = resolve(cwd, file);
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
      result.documents.length ? `  ${result.documents.length} documents cited by its events (SHA-256, name):` : '  No documents cited by its events.',
      ...result.documents.map((document) => `    ${document.sha256}  ${document.name}`),
      '',
    ].join('\n'),
  );
  if (!folderArg) return 0;
  const folder = resolve(cwd, folderArg);
  const check = await checkDocumentsFolder(folder, result.documents);
  const problems = [
    ...check.changed.map(
      ({ cited, file: changed, sha256 }) => `  ${changed} is ${cited.name}, cited by ${cited.citedBy}, but hashes to ${sha256}, not ${cited.sha256}`,
    ),
    ...check.missing.map((cited) => `  ${cited.name} (${cited.sha256}), cited by ${cited.citedBy}, is not in the folder`),
  ];
  if (problems.length > 0) {
    process.stdout.write(`DOCUMENTS MISMATCH in ${folder}: ${check.matched} of ${result.documents.length} match the log\n${problems.join('\n')}\n`);
    return 3;
  }
  process.stdout.write(`Documents OK: all ${check.matched} cited documents are in ${folder} with the SHA-256 the log recorded\n`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`verify:export failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
