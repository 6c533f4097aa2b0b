import { fundsView, type FundsView } from '@carbon-ledger/contracts';
import type { SignedInClient } from './service-under-test.js';

/**
 * Funds a trader as a new user does on the sandbox: the faucet's test USD, paid on XRPL to the
 * deposit address with the trader's destination tag and credited as a deposit. Buy orders are paid
 * for (docs/funds.md), so a test that places a buy funds its buyer first.
 */
export async function fundWithTestUsd(client: SignedInClient, amount = '1000000.00'): Promise<FundsView> {
  const response = await client.request('POST', '/api/funds/faucet', { amount });
  if (response.status !== 200) throw new Error(`the faucet answered ${response.status}: ${await response.text()}`);
  return fundsView.parse(await response.json());
}
