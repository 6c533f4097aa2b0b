import { bufferQuantityOf, isProjectEvent, MARKET_MAKER_ACCOUNT_ID, projectStreamId } from '@carbon-ledger/contracts';
import { describe, expect, it } from 'vitest';
import { SANDBOX_POOL } from '../infrastructure/xrpl/sandbox-provisioning.js';
import { poolBackingBatch } from '../test-support/pool-backing.js';
import { serviceOnLedgerForSuite, WITHOUT_BACKGROUND_JOBS } from '../test-support/service-under-test.js';
import { claimLeaving, SANDBOX_POOL_PARTIES, SandboxPoolLiquidity } from './sandbox-pool-liquidity.js';

describe('the sandbox pool’s opening credits exist like any credit', () => {
  const service = serviceOnLedgerForSuite(WITHOUT_BACKGROUND_JOBS);

  it('claims just enough that the buffer pool’s share leaves the pool’s credits', () => {
    for (const share of [0, 1, 15, 20, 50, 99]) {
      const claim = claimLeaving(SANDBOX_POOL.credits, share);
      expect(claim - bufferQuantityOf(claim, share)).toBeGreaterThanOrEqual(SANDBOX_POOL.credits);
      expect(claim - 1 - bufferQuantityOf(claim - 1, share)).toBeLessThan(SANDBOX_POOL.credits);
    }
  });

  it('backs the pool’s opening NXCC with credits of an approved, verified report of a sandbox project, once however often it starts', async () => {
    const poolToken = await poolBackingBatch(service);
    const batch = await service.runtime.readModels
      .selectFrom('credit_batches')
      .select(['project_id', 'quantity', 'issuer_account_id'])
      .where('token_id', '=', poolToken)
      .executeTakeFirstOrThrow();
    expect(batch).toMatchObject({ issuer_account_id: MARKET_MAKER_ACCOUNT_ID, quantity: SANDBOX_POOL.credits });
    const history = (await service.runtime.eventStore.readStream(projectStreamId(batch.project_id))).filter(isProjectEvent);
    expect(history.map((event) => event.type)).toEqual([
      'ProjectDrafted',
      'ValidationRequested',
      'ProjectValidated',
      'ProjectRegistered',
      'MonitoringReportFiled',
      'MonitoringReportVerified',
      'IssuanceApproved',
    ]);
    const approval = history.at(-1);
    expect(approval?.type === 'IssuanceApproved' && approval.data).toMatchObject({
      approvedBy: SANDBOX_POOL_PARTIES.registry.userId,
      batches: [{ batchId: poolToken, quantity: SANDBOX_POOL.credits }],
    });
    // Reforestation holds back its buffer share: the pool's project pays into the buffer pool like any.
    const [buffer] = approval?.type === 'IssuanceApproved' ? approval.data.batches : [];
    expect(buffer?.bufferQuantity).toBeGreaterThan(0);

    // Another start backs nothing again: no step of the project, no second tokenization.
    const tokenizations = async () =>
      (await service.runtime.readModels.selectFrom('vault_transfers').select('transfer_id').where('account_id', '=', MARKET_MAKER_ACCOUNT_ID).execute()).length;
    const [steps, moved] = [history.length, await tokenizations()];
    service.app.get(SandboxPoolLiquidity).onApplicationBootstrap();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await service.runtime.eventStore.readStream(projectStreamId(batch.project_id))).toHaveLength(steps);
    expect(await tokenizations()).toBe(moved);
  });
});
