import { acceptDirectTradeOfferResponse, buyReservationCents, centsToPrice, priceToCents, tradeCreditsResponse } from '@carbon-ledger/contracts';
import type { SignedInClient } from './service-under-test.js';

/**
 * A direct trade over HTTP as it is now (docs/funds.md, "Direct trades"): the seller offers, the buyer
 * (KYC-verified) claims the cost and fee from the sandbox faucet and accepts. Tests that used
 * /api/trade as an instant transfer go through this.
 */
export async function tradeDirectly(
  seller: SignedInClient,
  buyer: SignedInClient,
  body: { tokenId: string; amount: number; price: number | string },
): Promise<{ offerId: string; tradeId: string; serialRanges: string[] }> {
  const offered = await seller.request('POST', '/api/trade', { ...body, buyerAccountId: buyer.userId });
  if (offered.status !== 201) throw new Error(`POST /api/trade answered ${offered.status}: ${await offered.text()}`);
  const offer = tradeCreditsResponse.parse(await offered.json());
  const price = typeof body.price === 'number' ? body.price.toFixed(2) : body.price;
  const cost = centsToPrice(buyReservationCents(body.amount, priceToCents(price)));
  const funded = await buyer.request('POST', '/api/funds/faucet', { amount: cost });
  if (funded.status !== 200) throw new Error(`faucet answered ${funded.status}: ${await funded.text()}`);
  const accepted = await buyer.request('POST', `/api/trade/offers/${offer.transactionId}/accept`);
  if (accepted.status !== 201) throw new Error(`accept answered ${accepted.status}: ${await accepted.text()}`);
  const trade = acceptDirectTradeOfferResponse.parse(await accepted.json());
  return { offerId: offer.transactionId, tradeId: trade.transactionId, serialRanges: trade.serialRanges };
}
