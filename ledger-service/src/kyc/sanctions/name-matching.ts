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

function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost));
    }
    previous = current;
  }
  return previous[b.length]!;
}

function stringSimilarity(a: string, b: string): number {
  const longest = Math.max(a.length, b.length);
  return longest === 0 ? 1 : 1 - levenshtein(a, b) / longest;
}

/** Mean over the words of `from` of their best likeness to a word of `to`. */
function coverage(from: readonly string[], to: readonly string[]): number {
  let sum = 0;
  for (const word of from) {
    let best = 0;
    for (const other of to) best = Math.max(best, stringSimilarity(word, other));
    sum += best;
  }
  return sum / from.length;
}

/**
 * Likeness of two names, 0-1, blind to case, diacritics, punctuation and word
 * order. Both directions count, so a name that shares only one word with a
 * listed name ("Ivan" vs "Ivan Testovich Sanctioned") scores well below 1.
 */
export function nameSimilarity(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  const byWords = (coverage(a, b) + coverage(b, a)) / 2;
  // Words written together or apart ("Al Qadi" / "Alqadi").
  const joined = stringSimilarity([...a].sort().join(''), [...b].sort().join(''));
  return Math.max(byWords, joined);
}
