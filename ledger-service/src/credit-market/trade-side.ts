/** A trade's side as the product's trade lists show it: BUY when the buyer crossed the book (and for transfers and swaps, which the buyer asked for), else SELL. */
export const tradeSide = (aggressor: 'buy' | 'sell' | null): 'BUY' | 'SELL' => (aggressor === 'sell' ? 'SELL' : 'BUY');
