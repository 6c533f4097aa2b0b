import { bufferSharePercent, MARKET_MAKER_ACCOUNT_ID } from '@carbon-ledger/contracts';
import { SANDBOX_POOL } from '../infrastructure/xrpl/sandbox-provisioning.js';
import { claimLeaving } from '../projects/sandbox-pool-liquidity.js';
import type { ServiceUnderTest } from './service-under-test.js';

/**
 * The token of the vault batch behind the sandbox pool's opening NXCC, once the vault's read model
 * shows its serials moved in (the sandbox pool's project is walked through the registry lifecycle
 * after the sandbox is provisioned, then its batch is tokenized against the deposit).
 */
export async function poolBackingBatch(service: ServiceUnderTest, timeoutMs = 30_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await service.runtime.readModels
      .selectFrom('vault_transfers')
      .select('token_id')
      .where('account_id', '=', MARKET_MAKER_ACCOUNT_ID)
      .where('kind', '=', 'tokenize')
      .executeTakeFirst();
    if (row) return row.token_id;
    if (Date.now() > deadline) throw new Error('the pool’s opening deposit was not backed in the vault');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** What the sandbox pool's project claims, and so what its issuance adds to the registry's totals: its credits and the buffer pool's share. */
export const POOL_CLAIMED = claimLeaving(SANDBOX_POOL.credits, bufferSharePercent.Reforestation);

/** The buffer pool's batch of the sandbox pool's project, once the registry's read model shows it. */
export async function poolBufferBatch(service: ServiceUnderTest): Promise<string> {
  const poolToken = await poolBackingBatch(service);
  const row = await service.runtime.readModels.selectFrom('credit_batches').select('token_id').where('buffer_for', '=', poolToken).executeTakeFirstOrThrow();
  return row.token_id;
}
