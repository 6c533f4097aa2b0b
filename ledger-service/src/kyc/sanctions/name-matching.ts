/** Letters NFKD does not decompose into a base letter plus marks. */
const FOLDS: Readonly<Record<string, string>> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };

/** Lower-case words without diacritics or punctuation: "MÜLLER-Prohibido, José" -> ["muller", "prohibido", "jose"]. */
export function nameTokens(name: string): string[] {
  const folded = name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (char) => FOLDS[char] ?? char);
  return folded.split(/[^\p{L}\p{N}]+/u).filter((token) => token.length > 0);
}

// Two reusable rows: screening a full list runs this tens of thousands of times per name.
let previous = new Int32Array(64);
let current = new Int32Array(64);

function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  if (previous.length <= b.length) {
    previous = new Int32Array(b.length * 2);
    current = new Int32Array(b.length * 2);
  }
  for (let j = 0; j <= b.length; j += 1) previous[j] = j;
  for (let i = 1; i <= a.length; i += 1) {
    current[0] = i;
    const char = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j += 1) {
      const cost = char === b.charCodeAt(j - 1) ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
    }
    [previous, current] = [current, previous];
  }
  return previous[b.length]!;
}

/** 1 - edit distance / longer length. */
export function stringSimilarity(a: string, b: string): number {
  const longest = Math.max(a.length, b.length);
  return longest === 0 ? 1 : 1 - levenshtein(a, b) / longest;
}

/** Below this word-by-word likeness, comparing the names written together is not worth it. */
const JOINED_FROM = 0.5;

/**
 * Likeness of two tokenised names, 0-1, given the likeness of word i of `a` to
 * word j of `b`. Both directions count (the mean over each name's words of its
 * best match in the other), so a name that shares one word with a listed name
 * ("Ivan" vs "Ivan Testovich Sanctioned") scores well below 1. Names split into
 * a different number of words are also compared written together ("Al Qadi" / "Alqadi").
 */
export function combinedSimilarity(a: readonly string[], b: readonly string[], wordSimilarity: (i: number, j: number) => number): number {
  if (a.length === 0 || b.length === 0) return 0;
  let forward = 0;
  for (let i = 0; i < a.length; i += 1) {
    let best = 0;
    for (let j = 0; j < b.length; j += 1) best = Math.max(best, wordSimilarity(i, j));
    forward += best;
  }
  let backward = 0;
  for (let j = 0; j < b.length; j += 1) {
    let best = 0;
    for (let i = 0; i < a.length; i += 1) best = Math.max(best, wordSimilarity(i, j));
    backward += best;
  }
  const byWords = (forward / a.length + backward / b.length) / 2;
  if (a.length === b.length || byWords < JOINED_FROM) return byWords;
  return Math.max(byWords, stringSimilarity([...a].sort().join(''), [...b].sort().join('')));
}

/** Likeness of two names, blind to case, diacritics, punctuation and word order. */
export function nameSimilarity(a: readonly string[], b: readonly string[]): number {
  return combinedSimilarity(a, b, (i, j) => stringSimilarity(a[i]!, b[j]!));
}
