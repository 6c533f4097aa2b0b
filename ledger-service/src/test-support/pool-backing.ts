import { MARKET_MAKER_ACCOUNT_ID } from '@carbon-ledger/contracts';
import type { ServiceUnderTest } from './service-under-test.js';

/**
 * The token of the vault batch behind the sandbox pool's opening NXCC, once the registry's read
 * model shows it (the credits capability backs the deposit after the sandbox is provisioned).
 */
export async function poolBackingBatch(service: ServiceUnderTest, timeoutMs = 30_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await service.runtime.readModels
      .selectFrom('credit_batches')
      .select('token_id')
      .where('issuer_account_id', '=', MARKET_MAKER_ACCOUNT_ID)
      .executeTakeFirst();
    if (row) return row.token_id;
    if (Date.now() > deadline) throw new Error('the pool’s opening deposit was not backed in the vault');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
