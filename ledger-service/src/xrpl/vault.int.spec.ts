import {
  CREDIT_CURRENCY_CODE,
  issueCreditsResponse,
  type IssueCreditsResponse,
  VAULT_ACCOUNT_ID,
  xrplPrepareResponse,
  xrplTradeResponse,
} from '@carbon-ledger/contracts';
import fc from 'fast-check';
import { sql } from 'kysely';
import { type Payment, type TrustSet, Wallet, xrpToDrops } from 'xrpl';
import { beforeAll, describe, expect, it } from 'vitest';
import { PlatformSubmissions } from '../shared/platform-submissions.js';
import { poolBackingBatch } from '../test-support/pool-backing.js';
import { serviceOnLedgerForSuite, type SignedInClient, WITHOUT_BACKGROUND_JOBS } from '../test-support/service-under-test.js';
import { verifiedAddress } from '../test-support/verified-address.js';
import { redeem, reserves, retireOnXrpl, settledReserves, signPrepared, tokenize } from '../test-support/vault-actions.js';
import { runVerify, VERIFY_EXIT } from '../tools/verify-log.js';
import { SANDBOX_POOL } from '../infrastructure/xrpl/sandbox-provisioning.js';
import { projectForm } from '../test-support/project-form.js';
import { issueThroughRegistry, reviewersOf } from '../test-support/registry-issuance.js';

const project = projectForm('PRJ-VAULT', 'Vault Wind', 'Wind Energy', { description: 'Onshore wind', scope1: 5500 });

describe('one truth for credits: NXCC on XRPL backed by the registry’s vault', () => {
  const service = serviceOnLedgerForSuite(WITHOUT_BACKGROUND_JOBS);
  let issuer: SignedInClient;
  let trader: SignedInClient;
  let issuerWallet: Wallet;
  let traderWallet: Wallet;

  beforeAll(async () => {
    await poolBackingBatch(service);
    [issuer, trader] = await Promise.all([service.signIn(['issuer']), service.signIn(['trader'])]);
    // One after the other: both are funded from the genesis account.
    issuerWallet = await verifiedAddress(service, issuer);
    traderWallet = await verifiedAddress(service, trader);
    // XRP to buy NXCC on the pool with (1 NXCC ≈ 12 XRP).
    const genesis = Wallet.fromSeed(service.sandbox.genesis.seed);
    await service.ledger.submitAndWait(
      { TransactionType: 'Payment', Account: genesis.address, Destination: traderWallet.address, Amount: xrpToDrops(5_000) } satisfies Payment,
      { wallet: genesis },
    );
  });

  async function issue(): Promise<IssueCreditsResponse> {
    const response = await issueThroughRegistry(service, issuer, { ...project, id: `PRJ-${Date.now()}`, xrplAddress: issuerWallet.address });
    expect(response.status, await response.clone().text()).toBe(201);
    return issueCreditsResponse.parse(await response.json());
  }

  async function nxcc(address: string): Promise<number> {
    const lines = await service.ledger.request({ command: 'account_lines', account: address, peer: service.gateway.wallets.issuer.address });
    return Number(lines.result.lines.find((line) => line.currency === CREDIT_CURRENCY_CODE)?.balance ?? 0);
  }

  async function held(accountId: string, tokenId: string): Promise<number> {
    const row = await service.runtime.readModels
      .selectFrom('credit_holdings')
      .select(sql<string>`coalesce(sum(serial_end - serial_start + 1), 0)`.as('quantity'))
      .where('account_id', '=', accountId)
      .where('token_id', '=', tokenId)
      .where('status', '=', 'tradable')
      .executeTakeFirstOrThrow();
    return Number(row.quantity);
  }

  /** The registry's record of an XRPL retirement, once the reactions registered it (waiting at most 30 s). */
  async function registeredRetirement(txHash: string, what = 'the XRPL retirement') {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const row = await service.runtime.readModels.selectFrom('credit_retirements').selectAll().where('xrpl_tx_hash', '=', txHash).executeTakeFirst();
      if (row) return row;
      if (Date.now() > deadline) throw new Error(`${what} was not registered`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async function buyOnAmm(amount: number): Promise<void> {
    const prepare = await trader.request('POST', '/api/xrpl/trade/prepare', {
      sellerAddress: service.gateway.wallets.market_maker.address,
      amountCRC: amount,
      xrpAmount: amount * 40,
      issuer: service.gateway.wallets.issuer.address,
      xrplAddress: traderWallet.address,
    });
    expect(prepare.status, await prepare.clone().text()).toBe(200);
    const prepared = xrplPrepareResponse.parse(await prepare.json());
    const submitted = await trader.request('POST', '/api/xrpl/trade', {
      preparation: prepared.preparation,
      signedTransactions: signPrepared(traderWallet, prepared.transactions),
    });
    expect(submitted.status, await submitted.clone().text()).toBe(201);
    xrplTradeResponse.parse(await submitted.json());
  }

  it('backs the pool’s opening NXCC with as many credits in the vault, and the reserves balance from the start', async () => {
    const answer = await settledReserves(trader);
    expect(answer).toMatchObject({ currency: 'NXCC', balanced: true, difference: '0', heldInVault: SANDBOX_POOL.credits });
    expect(Number(answer.outstandingOnLedger)).toBe(SANDBOX_POOL.credits);
    expect(answer.ledgerIndex).toBeGreaterThan(0);
  });

  it('tokenizes: the serials move into the vault, the trust line is signed in the same flow, the NXCC are paid once', async () => {
    const issued = await issue();
    // A fresh address: the prepared flow carries its NXCC trust line.
    const prepare = await issuer.request('POST', '/api/xrpl/tokenize/prepare', { tokenId: issued.tokenId, amount: 30, xrplAddress: issuerWallet.address });
    expect(prepare.status).toBe(200);
    const prepared = (await prepare.json()) as { preparation: string; transactions: Record<string, unknown>[] };
    expect(prepared.transactions.map((transaction) => transaction.TransactionType)).toEqual(['TrustSet']);
    const submit = () =>
      issuer.request('POST', '/api/xrpl/tokenize', {
        preparation: prepared.preparation,
        signedTransactions: signPrepared(issuerWallet, prepared.transactions),
      });
    const first = await submit();
    expect(first.status, await first.clone().text()).toBe(201);
    const tokenized = (await first.json()) as { tokenizationId: string; paymentResult: string; serialRanges: string[]; trustSetTxHash?: string };
    expect(tokenized).toMatchObject({ paymentResult: 'tesSUCCESS', serialRanges: [`NXCC-${issued.tokenId}-000001 to NXCC-${issued.tokenId}-000030`] });
    expect(tokenized.trustSetTxHash).toMatch(/^[0-9A-F]{64}$/);
    expect(await nxcc(issuerWallet.address)).toBe(30);
    expect(await held(VAULT_ACCOUNT_ID, issued.tokenId)).toBe(30);
    expect(await held(issuer.userId, issued.tokenId)).toBe(issued.quantity - 30);

    // The same preparation again (another key, say): the same tokenization, no second payment.
    const again = await submit();
    expect(again.status).toBe(201);
    expect(await again.json()).toMatchObject({ tokenizationId: tokenized.tokenizationId, paymentResult: 'tesSUCCESS' });
    expect(await nxcc(issuerWallet.address)).toBe(30);
    expect(await held(VAULT_ACCOUNT_ID, issued.tokenId)).toBe(30);
    expect(await settledReserves(issuer)).toMatchObject({ balanced: true, difference: '0', heldInVault: SANDBOX_POOL.credits + 30 });
  });

  it('tokenizes once and pays once when one preparation is submitted 8 times at once', async () => {
    const issued = await issue();
    const before = await nxcc(issuerWallet.address);
    const prepare = await issuer.request('POST', '/api/xrpl/tokenize/prepare', { tokenId: issued.tokenId, amount: 7, xrplAddress: issuerWallet.address });
    expect(prepare.status).toBe(200);
    const prepared = (await prepare.json()) as { preparation: string; transactions: Record<string, unknown>[] };
    expect(prepared.transactions).toEqual([]);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => issuer.request('POST', '/api/xrpl/tokenize', { preparation: prepared.preparation, signedTransactions: [] })),
    );
    const bodies = (await Promise.all(answers.map(async (answer) => ({ status: answer.status, body: (await answer.json()) as Record<string, unknown> })))).map(
      ({ status, body }) => ({ status, tokenizationId: body.tokenizationId, paymentResult: body.paymentResult, paymentTxHash: body.paymentTxHash }),
    );
    expect(new Set(bodies.map((body) => JSON.stringify(body))).size).toBe(1);
    expect(bodies[0]).toMatchObject({ status: 201, paymentResult: 'tesSUCCESS' });
    expect(await nxcc(issuerWallet.address)).toBe(before + 7);
    expect(await held(VAULT_ACCOUNT_ID, issued.tokenId)).toBe(7);
    expect(await settledReserves(issuer)).toMatchObject({ balanced: true, difference: '0' });
  });

  it('refuses to tokenize more than the caller holds, another user’s credits, or for an address without KYC', async () => {
    const issued = await issue();
    const tooMany = await issuer.request('POST', '/api/xrpl/tokenize/prepare', {
      tokenId: issued.tokenId,
      amount: issued.quantity + 1,
      xrplAddress: issuerWallet.address,
    });
    expect(tooMany.status).toBe(409);
    expect(await tooMany.json()).toMatchObject({ error: 'Conflict', details: { available: issued.quantity, requested: issued.quantity + 1 } });
    const foreign = await trader.request('POST', '/api/xrpl/tokenize/prepare', { tokenId: issued.tokenId, amount: 1, xrplAddress: traderWallet.address });
    expect(foreign.status).toBe(409);
    const unverified = await trader.request('POST', '/api/xrpl/tokenize/prepare', { tokenId: issued.tokenId, amount: 1, xrplAddress: issuerWallet.address });
    expect(unverified.status).toBe(403);
    const seed = await issuer.request('POST', '/api/xrpl/tokenize', {
      preparation: 'x.y',
      signedTransactions: [],
      walletSeed: 'sEdV19BLfeQeKdEXyYA4NhjPJe6XBfG',
    });
    expect(seed.status).toBe(400);
  });

  it('sends the serials back when the ledger refuses the tokenization’s payment (trust line too small)', async () => {
    const issued = await issue();
    const before = await nxcc(traderWallet.address);
    // The holder's trust line allows 1 NXCC more than it holds: a payment of 5 cannot be delivered.
    await service.ledger.submitAndWait(
      {
        TransactionType: 'TrustSet',
        Account: issuerWallet.address,
        LimitAmount: { currency: CREDIT_CURRENCY_CODE, issuer: service.gateway.wallets.issuer.address, value: String((await nxcc(issuerWallet.address)) + 1) },
      } satisfies TrustSet,
      { wallet: issuerWallet },
    );
    const tokenized = await tokenize(issuer, issuerWallet, issued.tokenId, 5);
    expect(tokenized.paymentResult).not.toBe('tesSUCCESS');
    expect(tokenized.paymentTxHash).toBeUndefined();
    const answer = await settledReserves(issuer);
    expect(answer).toMatchObject({ balanced: true, difference: '0' });
    expect(await held(issuer.userId, issued.tokenId)).toBe(issued.quantity);
    expect(await held(VAULT_ACCOUNT_ID, issued.tokenId)).toBe(0);
    const transfer = await service.runtime.readModels
      .selectFrom('vault_transfers')
      .selectAll()
      .where('transfer_id', '=', tokenized.tokenizationId)
      .executeTakeFirstOrThrow();
    expect(transfer.status).toBe('returned');
    expect(await nxcc(traderWallet.address)).toBe(before);
    await service.ledger.submitAndWait(
      {
        TransactionType: 'TrustSet',
        Account: issuerWallet.address,
        LimitAmount: { currency: CREDIT_CURRENCY_CODE, issuer: service.gateway.wallets.issuer.address, value: '1000000000' },
      } satisfies TrustSet,
      { wallet: issuerWallet },
    );
  });

  it('found case "NXCC is not credits": NXCC bought on the AMM retire the vault’s serials for the holder, and redeem to registry credits', async () => {
    await buyOnAmm(10);
    const bought = await nxcc(traderWallet.address);
    expect(bought).toBeGreaterThanOrEqual(10);
    const retired = await retireOnXrpl(trader, traderWallet, service.gateway.wallets.issuer.address, 3, 'Scope 3 travel 2026');
    expect(retired).toMatchObject({ success: true, burned: 3 });
    // The retirement is registered from the vault, for the holder, with its certificate.
    const row = await registeredRetirement(retired.txHash);
    expect(row).toMatchObject({
      account_id: VAULT_ACCOUNT_ID,
      retired_by: trader.userId,
      beneficiary: traderWallet.address,
      quantity: 3,
      verification_status: 'verified',
    });
    const certificate = await trader.request('GET', `/api/retirements/${row.retirement_id}`);
    expect(certificate.status).toBe(200);

    const redeemed = await redeem(trader, traderWallet, 5);
    expect(redeemed).toMatchObject({ success: true, redeemed: 5 });
    expect(await nxcc(traderWallet.address)).toBeCloseTo(bought - 8, 6);
    const answer = await settledReserves(trader);
    expect(answer).toMatchObject({ balanced: true, difference: '0' });
    expect(await held(trader.userId, redeemed.tokenId)).toBe(5);
    // The redeemed credits are registry credits like any: the trader can sell them on the order book.
    const sell = await trader.request('POST', '/api/orders', {
      type: 'sell',
      amount: 5,
      price: '41.00',
      projectType: 'Reforestation',
      vintage: Number(redeemed.tokenId.split('-')[1]),
    });
    expect(sell.status, await sell.clone().text()).toBe(201);
  });

  it('retires on XRPL for a stated use only from vault batches that qualify, refusing with 409 what they lack', async () => {
    await buyOnAmm(4);
    const poolBatch = await poolBackingBatch(service);
    const issuerAddress = service.gateway.wallets.issuer.address;
    const prepare = (use: string) =>
      trader.request('POST', '/api/xrpl/retire/prepare', {
        tokenAmount: 2,
        issuer: issuerAddress,
        purpose: 'Compliance 2026',
        xrplAddress: traderWallet.address,
        use,
      });
    expect((await prepare('forever')).status).toBe(400);
    const refused = await prepare('other_international');
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      error: 'Conflict',
      message: expect.stringMatching(
        /^No credits in the vault may be retired for Other international mitigation purposes: Batch .* is not authorized for other international mitigation purposes$/,
      ),
    });
    // The registry records the host country's authorization of the pool's batch for OIMP, its adjustment pending.
    const { registry } = await reviewersOf(service);
    const uploaded = await registry.request('POST', '/api/documents', Buffer.from('%PDF-1.4\n% letter\n%%EOF\n'), { 'content-type': 'application/pdf' });
    const { sha256 } = (await uploaded.json()) as { sha256: string };
    const authorized = await registry.request('POST', `/api/registry/batches/${poolBatch}/authorization`, {
      authorized: true,
      use: 'oimp',
      authorizedOn: '2026-01-15',
      letter: { sha256, kind: 'letter', name: 'Letter of authorization.pdf' },
    });
    expect(authorized.status, await authorized.clone().text()).toBe(200);
    expect((await registry.request('POST', `/api/registry/batches/${poolBatch}/adjustment`, { status: 'pending' })).status).toBe(200);
    const before = await nxcc(traderWallet.address);
    const retired = await retireOnXrpl(trader, traderWallet, issuerAddress, 2, 'Compliance 2026', 'other_international');
    expect(retired).toMatchObject({ success: true, burned: 2, tokenId: poolBatch });
    expect(await nxcc(traderWallet.address)).toBeCloseTo(before - 2, 6);
    let row = await registeredRetirement(retired.txHash);
    expect(row).toMatchObject({ token_id: poolBatch, quantity: 2, use: 'other_international', purpose: 'Compliance 2026' });

    // Prepared while authorized, the authorization withdrawn before the burn: the tokens are burned all
    // the same, so the retirement is recorded as voluntary, saying which use was refused and why.
    const prepared = xrplPrepareResponse.parse(await (await prepare('other_international')).json());
    const withdrawn = await registry.request('POST', `/api/registry/batches/${poolBatch}/authorization`, { authorized: false });
    expect(withdrawn.status, await withdrawn.clone().text()).toBe(200);
    const burned = await trader.request('POST', '/api/xrpl/retire', {
      preparation: prepared.preparation,
      signedTransactions: signPrepared(traderWallet, prepared.transactions),
    });
    expect(burned.status, await burned.clone().text()).toBe(201);
    const { txHash } = (await burned.json()) as { txHash: string };
    row = await registeredRetirement(txHash, 'the second XRPL retirement');
    expect(row).toMatchObject({ quantity: 2, use: 'voluntary' });
    expect(row.purpose).toMatch(
      /^Compliance 2026 \(Other international mitigation purposes refused: Batch .* is not authorized for other international mitigation purposes\)$/,
    );
  });

  it('after a random mix of issue, tokenize, AMM trades, redeem and retire, NXCC outstanding equals the vault, and npm run verify agrees', async () => {
    const issued = await issue();
    let tokenizable = issued.quantity;
    let moves = 0;
    const step = fc.constantFrom('tokenize', 'buy', 'redeem-issuer', 'redeem-trader', 'retire-trader', 'retire-issuer');
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(step, fc.integer({ min: 1, max: 6 })), { minLength: 5, maxLength: 8 }), async (steps) => {
        for (const [kind, amount] of steps) {
          if (kind === 'tokenize' && tokenizable >= amount) {
            await tokenize(issuer, issuerWallet, issued.tokenId, amount);
            tokenizable -= amount;
            moves += 1;
          } else if (kind === 'buy') {
            await buyOnAmm(amount);
            moves += 1;
          } else if (kind.startsWith('redeem') || kind.startsWith('retire')) {
            const [user, wallet] = kind.endsWith('trader') ? [trader, traderWallet] : [issuer, issuerWallet];
            if ((await nxcc(wallet.address)) < amount) continue;
            if (kind.startsWith('redeem')) await redeem(user, wallet, amount);
            else await retireOnXrpl(user, wallet, service.gateway.wallets.issuer.address, amount, 'random mix');
            moves += 1;
          }
        }
        const answer = await settledReserves(trader);
        expect(answer).toMatchObject({ balanced: true, difference: '0' });
        expect(Number(answer.outstandingOnLedger)).toBe(answer.heldInVault);
      }),
      { numRuns: 2, endOnFailure: true },
    );
    expect(moves).toBeGreaterThan(4);
    const verified = await runVerify({ config: { ...service.runtime.config, XRPL_URL: service.sandbox.url }, ledgerTimeoutMs: 5_000 });
    expect(verified.output).toMatch(/Reserves: \d+ NXCC outstanding on ledger \d+, \d+ serials in the vault/);
    expect(verified.code).toBe(VERIFY_EXIT.ok);
  });

  it('catches NXCC the issuer paid outside the vault path: the reserves card turns unbalanced and npm run verify exits 3', async () => {
    await service.app.get(PlatformSubmissions).submit({
      key: 'test:outside-the-vault',
      role: 'issuer',
      transaction: {
        TransactionType: 'Payment',
        Account: '',
        Destination: traderWallet.address,
        Amount: { currency: CREDIT_CURRENCY_CODE, issuer: service.gateway.wallets.issuer.address, value: '25' },
      },
      purpose: 'a payment no vault movement backs',
    });
    const answer = await reserves(trader);
    expect(answer).toMatchObject({ balanced: false, difference: '+25' });
    const verified = await runVerify({ config: { ...service.runtime.config, XRPL_URL: service.sandbox.url }, ledgerTimeoutMs: 5_000 });
    expect(verified.code).toBe(VERIFY_EXIT.mismatch);
    expect(verified.output).toContain('MISMATCH in the reserves:');
    expect(verified.output).toContain('+25 NXCC on the ledger that no serial in the vault backs');
  });
});
