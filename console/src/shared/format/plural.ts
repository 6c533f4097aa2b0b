const pluralRules = new Intl.PluralRules('en-US');
const numbers = new Intl.NumberFormat('en-US');

/** The noun that goes with `count`: pluralWord(1, 'credit') is 'credit', pluralWord(2, 'credit') 'credits'. */
export function pluralWord(count: number, one: string, other = `${one}s`): string {
  return pluralRules.select(count) === 'one' ? one : other;
}

/** A count and its noun: "1 credit", "1,250 credits"; irregular plurals pass `other`. */
export function formatCount(count: number, one: string, other?: string): string {
  return `${numbers.format(count)} ${pluralWord(count, one, other)}`;
}
