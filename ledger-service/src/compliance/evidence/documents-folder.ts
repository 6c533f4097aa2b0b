import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { CitedInExport } from './verify-evidence-file.js';

export interface DocumentsFolderCheck {
  /** Cited documents a file of the folder matches by SHA-256. */
  readonly matched: number;
  /** Cited documents the folder has a file of the cited name for, whose bytes hash to something else. */
  readonly changed: readonly { readonly cited: CitedInExport; readonly file: string; readonly sha256: string }[];
  /** Cited documents the folder has neither by hash nor by name. */
  readonly missing: readonly CitedInExport[];
}

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Checks an export's cited documents against a folder an auditor downloaded them into (from the
 * public registry, say), offline: every file of the folder is hashed, whatever its name, and each
 * cited document must be one of them. A file named as the log names a document, with other bytes,
 * is reported as changed.
 */
export async function checkDocumentsFolder(folder: string, cited: readonly CitedInExport[]): Promise<DocumentsFolderCheck> {
  const byHash = new Map<string, string>();
  const byName = new Map<string, { file: string; sha256: string }>();
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = join(folder, entry.name);
    const sha256 = await sha256Of(file);
    byHash.set(sha256, file);
    byName.set(entry.name, { file, sha256 });
  }
  let matched = 0;
  const changed: { cited: CitedInExport; file: string; sha256: string }[] = [];
  const missing: CitedInExport[] = [];
  for (const document of cited) {
    if (byHash.has(document.sha256)) matched += 1;
    else {
      const named = byName.get(document.name);
      if (named) changed.push({ cited: document, ...named });
      else missing.push(document);
    }
  }
  return { matched, changed, missing };
}
