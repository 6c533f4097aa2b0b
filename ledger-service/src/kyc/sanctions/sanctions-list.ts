import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AmlScreeningResult, SanctionsMatch } from '@carbon-ledger/contracts';
import { combinedSimilarity, nameTokens, stringSimilarity } from './name-matching.js';
import { parseAltCsv, parseSdnCsv } from './sdn-csv.js';

/** From here on a name is treated as the listed party. */
export const SANCTIONS_HIT_SCORE = 0.92;
/** From here on a name goes to compliance review. */
export const SANCTIONS_REVIEW_SCORE = 0.8;
const MAX_MATCHES = 5;

export interface SanctionsScreening {
  readonly result: AmlScreeningResult;
  /** Best likeness to any listed name (0 with an empty list). */
  readonly bestScore: number;
  /** Listed names at or above the review score, best first. */
  readonly matches: SanctionsMatch[];
}

interface ListedName {
  readonly entryId: string;
  readonly name: string;
  readonly program: string | null;
  readonly tokens: string[];
  /** Index of each token in the list's vocabulary. */
  readonly words: number[];
}

/**
 * A loaded list, screened in memory. Names are tokenised once when it loads;
 * a screening compares the name's words with each distinct listed word once,
 * then scores every listed name from those likenesses.
 */
export class SanctionsList {
  private readonly names: ListedName[];
  private readonly vocabulary: string[] = [];

  constructor(
    readonly listName: string,
    entries: readonly { entryId: string; name: string; program: string | null }[],
  ) {
    const index = new Map<string, number>();
    const wordOf = (token: string): number => {
      let at = index.get(token);
      if (at === undefined) {
        at = this.vocabulary.push(token) - 1;
        index.set(token, at);
      }
      return at;
    };
    this.names = entries
      .map((entry) => {
        const tokens = nameTokens(entry.name);
        return { ...entry, tokens, words: tokens.map(wordOf) };
      })
      .filter((entry) => entry.tokens.length > 0);
  }

  /** Listed names (primary names and aliases). */
  get size(): number {
    return this.names.length;
  }

  screen(name: string): SanctionsScreening {
    const tokens = nameTokens(name);
    const likeness = tokens.map((token) => Float64Array.from(this.vocabulary, (word) => stringSimilarity(token, word)));
    let bestScore = 0;
    const byEntry = new Map<string, SanctionsMatch>();
    for (const listed of this.names) {
      const score = combinedSimilarity(tokens, listed.tokens, (i, j) => likeness[i]![listed.words[j]!]!);
      bestScore = Math.max(bestScore, score);
      if (score < SANCTIONS_REVIEW_SCORE) continue;
      const earlier = byEntry.get(listed.entryId);
      if (!earlier || earlier.score < score) {
        byEntry.set(listed.entryId, {
          entryId: listed.entryId,
          listName: this.listName,
          matchedName: listed.name,
          score: Math.round(score * 1000) / 1000,
          program: listed.program,
        });
      }
    }
    const matches = [...byEntry.values()].sort((a, b) => b.score - a.score).slice(0, MAX_MATCHES);
    const result = bestScore >= SANCTIONS_HIT_SCORE ? 'hit' : bestScore >= SANCTIONS_REVIEW_SCORE ? 'potential_match' : 'clear';
    return { result, bestScore, matches };
  }
}

/** The bundled sample, found from src/ (tests) and dist/ (built service) alike. */
const SAMPLE_DIR = fileURLToPath(new URL('../../../src/kyc/sanctions/', import.meta.url));
export const SAMPLE_SDN_PATH = resolve(SAMPLE_DIR, 'sample-sdn.csv');
export const SAMPLE_ALT_PATH = resolve(SAMPLE_DIR, 'sample-alt.csv');

/**
 * Loads an OFAC SDN list (sdn.csv plus optional alt.csv). Vessels and aircraft
 * are left out: the screening compares names of people and organisations.
 */
export function loadSanctionsList(options: { sdnPath?: string | undefined; altPath?: string | undefined }): SanctionsList {
  const sample = !options.sdnPath;
  const sdnPath = resolve(options.sdnPath ?? SAMPLE_SDN_PATH);
  const altPath = options.altPath ? resolve(options.altPath) : sample ? SAMPLE_ALT_PATH : undefined;
  if (!existsSync(sdnPath)) throw new Error(`sanctions list not found: ${sdnPath}`);
  const entries = parseSdnCsv(readFileSync(sdnPath, 'utf8')).filter((entry) => entry.type === null || entry.type === 'individual');
  const programs = new Map(entries.map((entry) => [entry.entryId, entry.program]));
  const aliases = altPath && existsSync(altPath) ? parseAltCsv(readFileSync(altPath, 'utf8')) : [];
  const named = [
    ...entries,
    ...aliases
      .filter((alias) => programs.has(alias.entryId))
      .map((alias) => ({ entryId: alias.entryId, name: alias.name, program: programs.get(alias.entryId) ?? null })),
  ];
  return new SanctionsList(sample ? 'OFAC SDN (bundled fictional sample)' : 'OFAC SDN', named);
}
