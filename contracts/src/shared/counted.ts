const englishPlurals = new Intl.PluralRules('en-US');

/** "1 credit", "2 credits": a count with its noun in the right number (English plural rules). */
export function counted(count: number, one: string, other = `${one}s`): string {
  return `${count} ${englishPlurals.select(count) === 'one' ? one : other}`;
}
