const currencySymbols: Readonly<Record<string, string>> = {
  EUR: '€',
  USD: '$',
  GBP: '£',
  CNY: '¥',
  KRW: '₩',
  NZD: 'NZ$',
  CAD: 'C$',
};

/** These currencies trade in whole units, so their prices are shown without decimals. */
const wholeUnitCurrencies = new Set(['KRW', 'CNY']);

/** The currency's symbol, or the code itself when it has none. */
export function currencySymbol(currency: string): string {
  return currencySymbols[currency] ?? currency;
}

function formatAmount(amount: number, currency: string): string {
  const digits = wholeUnitCurrencies.has(currency) ? 0 : 2;
  return amount.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

function withSymbol(formatted: string, currency: string): string {
  // A bare code reads better with a space ('CHF 12.00'); symbols sit flush ('€75.94').
  return currency in currencySymbols ? `${currencySymbol(currency)}${formatted}` : `${currency} ${formatted}`;
}

/** '€75.94', '₩27,500', '¥98', 'NZ$71.25', 'CHF 12.00'. */
export function formatPrice(price: number, currency: string): string {
  return withSymbol(formatAmount(price, currency), currency);
}

/** A 24h change with an explicit sign: '+€1.12', '-₩350'. */
export function formatPriceChange(change: number, currency: string): string {
  const sign = change < 0 ? '-' : '+';
  return `${sign}${withSymbol(formatAmount(Math.abs(change), currency), currency)}`;
}

export function isNegativeChange(changePct: string): boolean {
  return changePct.trim().startsWith('-');
}
