import { randomBytes } from 'node:crypto';
import type { LoggerService } from '@nestjs/common';
import {
  ammReservesHistoryResponse,
  CREDIT_CURRENCY_CODE,
  KYC_REQUIRED_TITLE,
  SEED_REFUSED_MESSAGE,
  serialPrefixFor,
  startVerificationResponse,
  tokenIdFor,
  VAULT_ACCOUNT_ID,
  xrplActionStreamId,
  xrplIssueResponse,
  type XrplIssueResponse,
  marketOfTokenId,
  projectStreamId,
  xrplPrepareResponse,
  type XrplPrepareResponse,
  xrplRetireResponse,
  xrplTradeResponse,
} from '@carbon-ledger/contracts';
import {
  convertHexToString,
  convertStringToHex,
  getNFTokenID,
  hashes,
  NFTokenMintFlags,
  type Payment,
  type Transaction,
  type TrustSet,
  Wallet,
  xrpToDrops,
} from 'xrpl';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { readPool } from './queries/get-amm-state.handler.js';
import { serviceOnLedgerForSuite, type SignedInClient, WITHOUT_BACKGROUND_JOBS } from '../test-support/service-under-test.js';
import { signPrepared } from '../test-support/vault-actions.js';
import { approveFiled } from '../test-support/registry-issuance.js';
import { CREDIT_MARKETS } from '../credit-market/credit-market.module.js';
import type { CreditMarketStore } from '../credit-market/credit-market.store.js';
import { tradableOf } from '../credit-market/credit-market.decider.js';
import { totalSize } from '../credit-market/serial-ranges.js';
import { ISSUANCE_REQUESTS, type IssuanceRequests } from '../shared/issuance-requests.port.js';
import { startVerification } from '../test-support/verified-address.js';

const identity = { legalName: 'Alice Example', dateOfBirth: '1990-04-01', country: 'GB', documentNumber: 'P1234567' };

describe('XRPL issue, trade and retire: prepare, sign in the browser, submit', () => {
  const service = serviceOnLedgerForSuite(WITHOUT_BACKGROUND_JOBS);
  let issuerUser: SignedInClient;
  let trader: SignedInClient;
  let issuerWallet: Wallet;
  let traderWallet: Wallet;
  let platformIssuer: string;

  beforeAll(async () => {
    platformIssuer = service.gateway.wallets.issuer.address;
    [issuerUser, trader] = await Promise.all([service.signIn(['issuer']), service.signIn(['trader'])]);
    issuerWallet = await funded();
    traderWallet = await funded(5_000);
    await verifyKyc(issuerUser, issuerWallet);
    await verifyKyc(trader, traderWallet);
  });

  async function funded(xrp = 100): Promise<Wallet> {
    const wallet = Wallet.generate();
    const genesis = Wallet.fromSeed(service.sandbox.genesis.seed);
    await service.ledger.submitAndWait(
      { TransactionType: 'Payment', Account: genesis.address, Destination: wallet.address, Amount: xrpToDrops(xrp) } satisfies Payment,
      { wallet: genesis },
    );
    return wallet;
  }

  async function trustCredits(wallet: Wallet): Promise<void> {
    await service.ledger.submitAndWait(
      {
        TransactionType: 'TrustSet',
        Account: wallet.address,
        LimitAmount: { currency: CREDIT_CURRENCY_CODE, issuer: platformIssuer, value: '1000000' },
      } satisfies TrustSet,
      { wallet },
    );
  }

  async function verifyKyc(user: SignedInClient, wallet: Wallet): Promise<void> {
    const xrplAddress = wallet.address;
    const started = startVerificationResponse.parse(await (await startVerification(user, wallet)).json());
    const verified = await user.request('POST', '/api/kyc/verify', { xrplAddress, inquiryId: started.inquiryId, ...identity });
    expect(await verified.json()).toMatchObject({ success: true, kycStatus: 'verified' });
  }

  async function prepare(user: SignedInClient, action: string, body: Record<string, unknown>): Promise<XrplPrepareResponse> {
    const response = await user.request('POST', `/api/xrpl/${action}/prepare`, body);
    const text = await response.text();
    expect(response.status, text).toBe(200);
    return xrplPrepareResponse.parse(JSON.parse(text));
  }

  function submit(user: SignedInClient, action: string, preparation: string, signedTransactions: string[]): Promise<Response> {
    return user.request('POST', `/api/xrpl/${action}`, { preparation, signedTransactions });
  }

  async function creditBalance(address: string): Promise<number> {
    const lines = await service.ledger.request({ command: 'account_lines', account: address, peer: platformIssuer });
    return Number(lines.result.lines.find((line) => line.currency === CREDIT_CURRENCY_CODE)?.balance ?? 0);
  }

  const issueForm = (overrides: Record<string, unknown> = {}) => ({
    name: 'Mojave Solar Farm',
    projectType: 'Solar Energy',
    scope1: 100,
    scope2: 50,
    scope3: 0,
    destinationAddress: issuerWallet.address,
    xrplAddress: issuerWallet.address,
    ...overrides,
  });

  const tradeForm = (overrides: Record<string, unknown> = {}) => ({
    sellerAddress: service.gateway.wallets.market_maker.address,
    amountCRC: 10,
    xrpAmount: 200,
    issuer: platformIssuer,
    creditId: 'SOLAR-2026-00000000',
    xrplAddress: traderWallet.address,
    ...overrides,
  });

  /** The NXCC `address` holds once the settlement reaction has paid them (up to 20 s). */
  async function creditBalanceReaching(address: string, expected: number): Promise<number> {
    const deadline = Date.now() + 20_000;
    let balance = await creditBalance(address);
    while (balance !== expected && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      balance = await creditBalance(address);
    }
    return balance;
  }

  /** The issue tab's answer walked through the verifier and the registry, as claimed. */
  function approveMinted(issued: XrplIssueResponse): Promise<void> {
    return approveFiled(service, issuerUser, {
      ...issued,
      projectStatus: 'draft',
      vintage: new Date().getUTCFullYear(),
      claimedQuantity: issued.creditAmount + issued.bufferQuantity,
    });
  }

  async function reportsFiledFor(projectId: string) {
    const history = await service.runtime.eventStore.readStream(projectStreamId(projectId));
    return history.filter((event) => event.type === 'MonitoringReportFiled');
  }

  it('issues: the mint files an issuance request; the NXCC are paid only once the verifier and the registry approved it', async () => {
    const destination = await funded();
    await trustCredits(destination);
    const prepared = await prepare(issuerUser, 'issue', issueForm({ destinationAddress: destination.address }));
    expect(prepared.creditAmount).toBe(30);
    expect(prepared.transactions).toHaveLength(1);
    const [mint] = prepared.transactions;
    expect(mint).toMatchObject({
      TransactionType: 'NFTokenMint',
      Account: issuerWallet.address,
      Flags: NFTokenMintFlags.tfBurnable | NFTokenMintFlags.tfTransferable,
    });
    expect(convertHexToString(String(mint?.URI))).toMatch(/^nxcc:cert:[0-9a-f]{32}$/);

    const response = await submit(issuerUser, 'issue', prepared.preparation, signPrepared(issuerWallet, prepared.transactions));
    const text = await response.text();
    expect(response.status, text).toBe(201);
    const issued = xrplIssueResponse.parse(JSON.parse(text));
    expect(issued).toMatchObject({ requiresKyc: false, creditAmount: 30, bufferQuantity: 0, reportStatus: 'awaiting_verification' });
    expect(issued.projectId).toBe(`XRPL-${issued.txHash.slice(0, 12)}`);

    const nfts = await service.ledger.request({ command: 'account_nfts', account: issuerWallet.address });
    expect(nfts.result.account_nfts.map((nft) => nft.NFTokenID)).toContain(issued.nftId);
    // Filed, not issued: no NXCC, no batch.
    expect(await creditBalance(destination.address)).toBe(0);
    const markets = service.app.get<CreditMarketStore>(CREDIT_MARKETS);
    const market = marketOfTokenId(issued.tokenId)!;
    expect(await markets.read(market.projectType, market.vintage, (state) => state.batches.has(issued.tokenId))).toBe(false);

    const [event, ...more] = await service.runtime.eventStore.readStream(xrplActionStreamId(issued.txHash));
    expect(more).toHaveLength(0);
    expect(event?.type).toBe('XrplCreditsMinted');
    expect(event?.data).toMatchObject({
      txHash: issued.txHash,
      account: issuerWallet.address,
      userId: issuerUser.userId,
      nftId: issued.nftId,
      tokenId: issued.tokenId,
      projectId: issued.projectId,
      projectName: 'Mojave Solar Farm',
      projectType: 'Solar Energy',
      creditAmount: 30,
      destinationAddress: destination.address,
    });
    const [report, ...otherReports] = await reportsFiledFor(issued.projectId);
    expect(otherReports).toHaveLength(0);
    expect(report?.data).toMatchObject({
      reportId: issued.reportId,
      claimed: [{ vintage: new Date().getUTCFullYear(), quantity: 30 }],
      xrplMint: { nftId: issued.nftId, mintTxHash: issued.txHash, minter: issuerWallet.address, destinationAddress: destination.address },
    });

    // The same submission again (its answer was lost): the same answer, nothing new recorded.
    const again = await submit(issuerUser, 'issue', prepared.preparation, signPrepared(issuerWallet, prepared.transactions));
    expect(again.status).toBe(201);
    expect(xrplIssueResponse.parse(await again.json())).toEqual(issued);
    expect(await service.runtime.eventStore.readStream(xrplActionStreamId(issued.txHash))).toHaveLength(1);
    expect(await reportsFiledFor(issued.projectId)).toHaveLength(1);

    await approveMinted(issued);
    // Issued into the vault with the minted NFT, and paid to the destination by the settlement reaction.
    expect(await creditBalanceReaching(destination.address, 30)).toBe(30);
    const batch = await markets.read(market.projectType, market.vintage, (state) => state.batches.get(issued.tokenId));
    expect(batch).toMatchObject({ nftId: issued.nftId });
    expect(await markets.read(market.projectType, market.vintage, (state) => totalSize(tradableOf(state, VAULT_ACCOUNT_ID, issued.tokenId)))).toBe(30);
  });

  /** NXCC payments the platform issuer made to `destination`, as the ledger lists them. */
  async function issuerPaymentsTo(destination: string): Promise<string[]> {
    const history = await service.ledger.request({ command: 'account_tx', account: destination, ledger_index_min: -1, ledger_index_max: -1 });
    return history.result.transactions
      .map((entry) => ({ hash: entry.hash, tx: entry.tx_json as { TransactionType?: string; Account?: string } | undefined }))
      .filter(({ tx }) => tx?.TransactionType === 'Payment' && tx.Account === platformIssuer)
      .map(({ hash }) => String(hash));
  }

  it('files one request for one signed mint submitted 16 times at once, and pays it once after approval', async () => {
    const destination = await funded();
    await trustCredits(destination);
    const prepared = await prepare(issuerUser, 'issue', issueForm({ destinationAddress: destination.address }));
    const blobs = signPrepared(issuerWallet, prepared.transactions);
    const responses = await Promise.all(Array.from({ length: 16 }, () => submit(issuerUser, 'issue', prepared.preparation, blobs)));
    const answers = await Promise.all(responses.map(async (response) => ({ status: response.status, body: (await response.json()) as unknown })));
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 16 }, () => 201));
    const [first, ...rest] = answers.map((answer) => xrplIssueResponse.parse(answer.body));
    expect(first).toMatchObject({ creditAmount: 30 });
    for (const answer of rest) expect(answer).toEqual(first);
    expect(await service.runtime.eventStore.readStream(xrplActionStreamId(first!.txHash))).toHaveLength(1);
    expect(await reportsFiledFor(first!.projectId)).toHaveLength(1);

    await approveMinted(first!);
    expect(await creditBalanceReaching(destination.address, 30)).toBe(30);
    // The balance shows the payment as soon as it is applied; the account's history lists it once validated.
    const deadline = Date.now() + 10_000;
    let payments = await issuerPaymentsTo(destination.address);
    while (payments.length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      payments = await issuerPaymentsTo(destination.address);
    }
    expect(payments).toHaveLength(1);
  });

  it('files one request for one signed mint submitted 16 times, 250 ms apart', async () => {
    const destination = await funded();
    await trustCredits(destination);
    const prepared = await prepare(issuerUser, 'issue', issueForm({ destinationAddress: destination.address, scope1: 500, scope2: 0 }));
    const blobs = signPrepared(issuerWallet, prepared.transactions);
    const pending: Promise<Response>[] = [];
    for (let replay = 0; replay < 16; replay += 1) {
      pending.push(submit(issuerUser, 'issue', prepared.preparation, blobs));
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const answers = await Promise.all(pending.map(async (response) => ({ status: (await response).status, body: (await (await response).json()) as unknown })));
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 16 }, () => 201));
    const first = xrplIssueResponse.parse(answers[0]!.body);
    expect(await reportsFiledFor(first.projectId)).toHaveLength(1);
    expect(await creditBalance(destination.address)).toBe(0);
  });

  it('files the request of a mint recorded before a crash: the reaction files it, and a later submit answers the same', async () => {
    const destination = await funded();
    await trustCredits(destination);
    const prepared = await prepare(issuerUser, 'issue', issueForm({ destinationAddress: destination.address, scope1: 60, scope2: 0 }));
    const blobs = signPrepared(issuerWallet, prepared.transactions);
    // The service stopped between recording the mint and filing its request: the filing fails once.
    const requests = service.app.get<IssuanceRequests>(ISSUANCE_REQUESTS);
    const crash = vi.spyOn(requests, 'fileForMint').mockRejectedValueOnce(new Error('connection lost'));
    const crashed = await submit(issuerUser, 'issue', prepared.preparation, blobs);
    expect(crashed.status).toBe(500);
    crash.mockRestore();
    const projectId = `XRPL-${hashes.hashSignedTx(blobs[0]!).slice(0, 12)}`;
    expect(await service.runtime.eventStore.readStream(xrplActionStreamId(hashes.hashSignedTx(blobs[0]!)))).toHaveLength(1);
    const deadline = Date.now() + 20_000;
    while ((await reportsFiledFor(projectId)).length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    const [report] = await reportsFiledFor(projectId);
    expect(report).toBeDefined();
    const retried = xrplIssueResponse.parse(await (await submit(issuerUser, 'issue', prepared.preparation, blobs)).json());
    expect(retried.projectId).toBe(projectId);
    expect(retried.reportId).toBe((report!.data as { reportId: string }).reportId);
    expect(await reportsFiledFor(projectId)).toHaveLength(1);
  });

  it('found case "Issued, but not paid": another destination without a trust line is refused before anything is minted', async () => {
    const destination = await funded();
    const response = await issuerUser.request('POST', '/api/xrpl/issue/prepare', issueForm({ destinationAddress: destination.address, scope1: 5 }));
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({
      error: 'Conflict',
      message: expect.stringContaining(`The destination ${destination.address} has no NXCC trust line`),
    });
    expect(await creditBalance(destination.address)).toBe(0);
  });

  it('issuing to one’s own address without a trust line signs a TrustSet first with the same key, so the credits are paid once approved', async () => {
    const own = await funded();
    await verifyKyc(issuerUser, own);
    const prepared = await prepare(issuerUser, 'issue', issueForm({ xrplAddress: own.address, destinationAddress: own.address, scope1: 5 }));
    expect(prepared.transactions.map((transaction) => transaction.TransactionType)).toEqual(['TrustSet', 'NFTokenMint']);
    const response = await submit(issuerUser, 'issue', prepared.preparation, signPrepared(own, prepared.transactions));
    expect(response.status).toBe(201);
    const issued = xrplIssueResponse.parse(await response.json());
    expect(issued).toMatchObject({ creditAmount: 11 });
    await approveMinted(issued);
    expect(await creditBalanceReaching(own.address, 11)).toBe(11);
  });

  it('trades through the AMM pool, with a TrustSet first for a buyer without a trust line', async () => {
    const prepared = await prepare(trader, 'trade', tradeForm());
    expect(prepared.transactions.map((transaction) => transaction.TransactionType)).toEqual(['TrustSet', 'Payment']);
    const [trustSet, payment] = prepared.transactions;
    expect(payment).toMatchObject({
      Account: traderWallet.address,
      Destination: traderWallet.address,
      Amount: { currency: CREDIT_CURRENCY_CODE, issuer: platformIssuer, value: '10' },
      SendMax: xrpToDrops(200),
    });
    expect(payment?.Sequence).toBe(Number(trustSet?.Sequence) + 1);

    const response = await submit(trader, 'trade', prepared.preparation, signPrepared(traderWallet, prepared.transactions));
    const text = await response.text();
    expect(response.status, text).toBe(201);
    const traded = xrplTradeResponse.parse(JSON.parse(text));
    expect(traded).toMatchObject({ amount: '10', requiresKyc: false });
    expect(traded.trustSetTxHash).toMatch(/^[0-9A-F]{64}$/);
    // 10 NXCC from a 1,200,000 XRP / 100,000 NXCC pool cost a little over 120 XRP.
    expect(Number(traded.xrpDrops)).toBeGreaterThan(120_000_000);
    expect(Number(traded.xrpDrops)).toBeLessThan(200_000_000);
    expect(await creditBalance(traderWallet.address)).toBe(10);

    const [event] = await service.runtime.eventStore.readStream(xrplActionStreamId(traded.txHash));
    expect(event).toMatchObject({
      type: 'XrplCreditsSwapped',
      data: {
        txHash: traded.txHash,
        account: traderWallet.address,
        userId: trader.userId,
        sellerAddress: service.gateway.wallets.market_maker.address,
        creditId: 'SOLAR-2026-00000000',
        creditAmount: '10',
        xrpDrops: traded.xrpDrops,
      },
    });

    const again = await submit(trader, 'trade', prepared.preparation, signPrepared(traderWallet, prepared.transactions));
    expect(again.status).toBe(201);
    expect(await again.json()).toMatchObject({ txHash: traded.txHash, amount: '10', xrpDrops: traded.xrpDrops });
    expect(await creditBalance(traderWallet.address)).toBe(10);

    // With the trust line in place the next trade is a single Payment.
    const next = await prepare(trader, 'trade', tradeForm({ amountCRC: 1, xrpAmount: 20.5 }));
    expect(next.transactions.map((transaction) => transaction.TransactionType)).toEqual(['Payment']);
  });

  it('draws the pool over time from the log: the opening deposit, then the pool each swap left, the last as the ledger holds it now', async () => {
    expect((await fetch(`${service.baseUrl}/api/xrpl/amm-reserves`)).status).toBe(401);
    const pool = await readPool(service.gateway);
    const history = await vi.waitFor(
      async () => {
        const answer = ammReservesHistoryResponse.parse(await (await trader.request('GET', '/api/xrpl/amm-reserves')).json());
        expect(answer.points.at(-1)?.cause).toBe('swap');
        return answer;
      },
      { timeout: 10_000 },
    );
    expect(history.points[0]).toMatchObject({ cause: 'pool-opened', xrp: '1200000.000000', credits: '100000' });
    expect(history.points.filter((point) => point.cause === 'swap')).toHaveLength(1);
    // The swap's metadata is the ledger's word: the pool now is what the one swap left.
    const last = history.points.at(-1);
    expect(last && Math.round(Number(last.xrp) * 1_000_000)).toBe(Number(pool?.drops));
    expect(last?.credits).toBe(pool?.creditsText);
    expect(Number(last?.credits)).toBe(99_990);
  });

  it('answers 409 with the engine result when the pool cannot deliver within SendMax', async () => {
    const prepared = await prepare(trader, 'trade', tradeForm({ amountCRC: 5, xrpAmount: 1 }));
    const response = await submit(trader, 'trade', prepared.preparation, signPrepared(traderWallet, prepared.transactions));
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ error: 'Conflict', message: expect.stringMatching(/XRPL Payment was not applied: tec/) });
  });

  it('refuses a blob that is not the prepared transaction, and one signed by another wallet', async () => {
    const prepared = await prepare(trader, 'trade', tradeForm({ amountCRC: 1, xrpAmount: 20 }));
    const [payment] = prepared.transactions;
    const tampered = traderWallet.sign({
      ...payment,
      Amount: { currency: CREDIT_CURRENCY_CODE, issuer: platformIssuer, value: '1000' },
    } as unknown as Transaction);
    const refused = await submit(trader, 'trade', prepared.preparation, [tampered.tx_blob]);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: 'ValidationFailed', message: expect.stringContaining('Amount differ') });

    const stranger = Wallet.generate();
    const foreign = await submit(trader, 'trade', prepared.preparation, signPrepared(stranger, prepared.transactions));
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toMatchObject({
      error: 'Forbidden',
      message: `Signed transaction 1 was signed by ${stranger.address}, not by the KYC-checked address ${traderWallet.address}`,
    });

    const wrongCount = await submit(trader, 'trade', prepared.preparation, [
      ...signPrepared(traderWallet, prepared.transactions),
      ...signPrepared(traderWallet, prepared.transactions),
    ]);
    expect(wrongCount.status).toBe(400);
    expect(await creditBalance(traderWallet.address)).toBe(10);
  });

  it('refuses an altered, foreign, misdirected or expired preparation', async () => {
    const prepared = await prepare(trader, 'trade', tradeForm({ amountCRC: 1, xrpAmount: 20 }));
    const blobs = signPrepared(traderWallet, prepared.transactions);
    const [body = '', mac = ''] = prepared.preparation.split('.');
    const contents = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { data: { form: { amountCRC: number } } };
    contents.data.form.amountCRC = 1000;
    const altered = `${Buffer.from(JSON.stringify(contents)).toString('base64url')}.${mac}`;
    const alteredAnswer = await submit(trader, 'trade', altered, blobs);
    expect(alteredAnswer.status).toBe(400);
    expect(await alteredAnswer.json()).toMatchObject({ message: expect.stringContaining('altered') });

    const otherTrader = await service.signIn(['trader']);
    const foreign = await submit(otherTrader, 'trade', prepared.preparation, blobs);
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toMatchObject({ error: 'Forbidden', message: 'This preparation was made for another user' });

    const admin = await service.signIn(['admin']);
    const misdirected = await submit(admin, 'retire', prepared.preparation, blobs);
    expect(misdirected.status).toBe(400);

    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 6 * 60_000);
      const expired = await submit(trader, 'trade', prepared.preparation, blobs);
      expect(expired.status).toBe(400);
      expect(await expired.json()).toMatchObject({ message: 'The preparation has expired; prepare the transaction again' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses to prepare for an address without KYC (403 KycRequired) and for another issuer', async () => {
    const unverified = await funded();
    for (const [user, action, body] of [
      [issuerUser, 'issue', issueForm({ xrplAddress: unverified.address })],
      [trader, 'trade', tradeForm({ xrplAddress: unverified.address })],
      [trader, 'retire', { tokenAmount: 1, issuer: platformIssuer, xrplAddress: unverified.address }],
    ] as const) {
      const response = await user.request('POST', `/api/xrpl/${action}/prepare`, body);
      expect(response.status, action).toBe(403);
      expect(await response.json()).toMatchObject({
        error: 'KycRequired',
        message: KYC_REQUIRED_TITLE,
        details: { requiresKyc: true, xrplAddress: unverified.address, kycStatus: 'not_started' },
      });
    }
    // An address verified by someone else does not count for the caller.
    const borrowed = await trader.request('POST', '/api/xrpl/trade/prepare', tradeForm({ xrplAddress: issuerWallet.address }));
    expect(borrowed.status).toBe(403);

    const otherIssuer = await trader.request('POST', '/api/xrpl/trade/prepare', tradeForm({ issuer: Wallet.generate().address }));
    expect(otherIssuer.status).toBe(400);
    expect(await otherIssuer.json()).toMatchObject({ message: `Issuer must be the platform's credit issuer ${platformIssuer}` });
  });

  it('validates the forms with the spec texts', async () => {
    const valid = Wallet.generate().address;
    const badChecksum = `${valid.slice(0, -1)}${valid.endsWith('a') ? 'b' : 'a'}`;
    const cases: [string, Record<string, unknown>, string][] = [
      ['issue', issueForm({ xrplAddress: 'rShort' }), 'Please enter a valid XRPL address'],
      ['issue', issueForm({ destinationAddress: badChecksum }), 'Please enter a valid XRPL address'],
      ['issue', issueForm({ name: '  ' }), 'Please fill in all required fields'],
      ['issue', issueForm({ scope1: 0, scope2: 0, scope3: 4 }), 'must be at least 1'],
      ['trade', tradeForm({ xrpAmount: 1.0000001 }), 'XRP amount must be a positive number in steps of 0.000001'],
      ['trade', tradeForm({ amountCRC: undefined }), 'Please fill in all required fields'],
      ['retire', { tokenAmount: 1, issuer: platformIssuer, xrplAddress: traderWallet.address, nftId: 'abc' }, 'NFT ID must be 64 hexadecimal characters'],
    ];
    for (const [action, body, message] of cases) {
      const user = action === 'issue' ? issuerUser : trader;
      const response = await user.request('POST', `/api/xrpl/${action}/prepare`, body);
      expect(response.status, `${action} ${JSON.stringify(body)}`).toBe(400);
      expect(((await response.json()) as { message: string }).message).toContain(message);
    }
    // Roles: trading is for traders, issuing for issuers.
    expect((await trader.request('POST', '/api/xrpl/issue/prepare', issueForm())).status).toBe(403);
    expect((await issuerUser.request('POST', '/api/xrpl/trade/prepare', tradeForm())).status).toBe(403);
  });

  it('refuses any body that carries a seed, and the seed reaches neither the logs nor the event log', async () => {
    const seed = Wallet.generate().seed!;
    const written: string[] = [];
    const capture = (...parts: unknown[]) => {
      written.push(parts.map((part) => (typeof part === 'string' ? part : JSON.stringify(part))).join(' '));
    };
    const logger: LoggerService = { log: capture, error: capture, warn: capture, debug: capture, verbose: capture, fatal: capture };
    service.app.useLogger(logger);
    const stdout = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => (capture(String(chunk)), true));
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => (capture(String(chunk)), true));
    const eventsBefore = await service.countEvents();
    try {
      const attempts: [SignedInClient, string, Record<string, unknown>][] = [
        [issuerUser, '/api/xrpl/issue/prepare', { ...issueForm(), walletSeed: seed }],
        [trader, '/api/xrpl/trade/prepare', { ...tradeForm(), buyerSeed: seed }],
        [trader, '/api/xrpl/retire/prepare', { tokenAmount: 1, issuer: platformIssuer, xrplAddress: traderWallet.address, ownerSeed: seed }],
        [issuerUser, '/api/xrpl/issue', { preparation: 'x.y', signedTransactions: ['AB'], walletSeed: seed }],
        [trader, '/api/xrpl/trade', { preparation: 'x.y', signedTransactions: ['AB'], buyerSeed: seed }],
        [trader, '/api/xrpl/retire', { preparation: 'x.y', signedTransactions: ['AB'], ownerSeed: seed }],
      ];
      for (const [user, path, body] of attempts) {
        const response = await user.request('POST', path, body);
        const text = await response.text();
        expect(response.status, path).toBe(400);
        expect(JSON.parse(text)).toMatchObject({ error: 'ValidationFailed', message: expect.stringContaining(SEED_REFUSED_MESSAGE) });
        expect(text).not.toContain(seed);
      }
    } finally {
      stdout.mockRestore();
      stderr.mockRestore();
      service.app.useLogger(false);
    }
    expect(written.join('\n')).not.toContain(seed);
    expect(await service.countEvents()).toBe(eventsBefore);
    const stored = await service.runtime.pool.query<{ count: string }>(
      'select count(*) from events where position($1 in data::text) > 0 or position($1 in metadata::text) > 0',
      [seed],
    );
    expect(Number(stored.rows[0]?.count)).toBe(0);
  });

  describe('retire', () => {
    /** A batch in the vault's read model, issued long before the pool's, so a retirement prepared now picks it first. */
    async function seedVaultBatch(nftId: string | null, serials: [number, number][], issuedAt: Date): Promise<string> {
      const accountId = VAULT_ACCOUNT_ID;
      const tokenId = tokenIdFor('Solar Energy', 2026, randomBytes(4).toString('hex'));
      const quantity = serials.reduce((sum, [start, end]) => sum + end - start + 1, 0);
      await service.runtime.readModels
        .insertInto('credit_batches')
        .values({
          token_id: tokenId,
          project_id: 'p-1',
          project_name: 'Test batch',
          project_type: 'Solar Energy',
          description: '',
          vintage: 2026,
          standard: 'Gold Standard',
          methodology: 'AMS-I.D.',
          quantity,
          serial_prefix: serialPrefixFor(tokenId),
          issuer_account_id: accountId,
          xrpl_address: traderWallet.address,
          source: 'xrpl',
          nft_id: nftId,
          settlement_status: 'settled',
          settlement_reason: null,
          settlement_transactions: JSON.stringify([]),
          issued_at: issuedAt,
          commit_position: '0',
          prepare_position: '0',
        })
        .execute();
      await service.runtime.readModels
        .insertInto('credit_holdings')
        .values(
          serials.map(([start, end]) => ({
            token_id: tokenId,
            serial_start: start,
            serial_end: end,
            account_id: accountId,
            status: 'tradable' as const,
            order_id: null,
          })),
        )
        .execute();
      return tokenId;
    }

    it('found case "NXCC is not credits": what counts is the NXCC the address holds, not registry credits; none is refused with 409 before anything is signed', async () => {
      const admin = await service.signIn(['admin']);
      const adminWallet = await funded(1_000);
      await verifyKyc(admin, adminWallet);
      const response = await admin.request('POST', '/api/xrpl/retire/prepare', { tokenAmount: 1, issuer: platformIssuer, xrplAddress: adminWallet.address });
      expect(response.status).toBe(409);
      expect(await response.json()).toMatchObject({ error: 'Conflict', message: `${adminWallet.address} holds 0 NXCC; retire at most 0` });
    });

    it('returns the tokens to the issuer with a memo, burns the NFT and records XrplCreditsBurned', async () => {
      const minted = await service.ledger.submitAndWait(
        {
          TransactionType: 'NFTokenMint',
          Account: traderWallet.address,
          NFTokenTaxon: 2026,
          Flags: NFTokenMintFlags.tfBurnable,
          URI: convertStringToHex('nxcc:test'),
        },
        { wallet: traderWallet },
      );
      const nftId = getNFTokenID(minted.result.meta)!;
      const tokenId = await seedVaultBatch(
        nftId,
        [
          [1, 2],
          [5, 9],
        ],
        new Date('2020-01-01T00:00:00Z'),
      );

      const prepared = await prepare(trader, 'retire', {
        nftId: nftId.toLowerCase(),
        tokenAmount: 4,
        issuer: platformIssuer,
        purpose: 'Scope 2 offset 2026',
        xrplAddress: traderWallet.address,
      });
      expect(prepared.tokenId).toBe(tokenId);
      expect(prepared.transactions.map((transaction) => transaction.TransactionType)).toEqual(['Payment', 'NFTokenBurn']);
      const [payment, burn] = prepared.transactions;
      expect(payment).toMatchObject({ Destination: platformIssuer, Amount: { currency: CREDIT_CURRENCY_CODE, issuer: platformIssuer, value: '4' } });
      expect(burn).toMatchObject({ NFTokenID: nftId });
      const memos = payment?.Memos as { Memo: { MemoData: string } }[];
      const prefix = serialPrefixFor(tokenId);
      expect(JSON.parse(convertHexToString(memos[0]!.Memo.MemoData))).toEqual({
        purpose: 'Scope 2 offset 2026',
        use: 'voluntary',
        tokenId,
        amount: 4,
        serials: [`${prefix}-000001 to ${prefix}-000002`, `${prefix}-000005 to ${prefix}-000006`],
      });

      const before = await creditBalance(traderWallet.address);
      const response = await submit(trader, 'retire', prepared.preparation, signPrepared(traderWallet, prepared.transactions));
      const text = await response.text();
      expect(response.status, text).toBe(201);
      const retired = xrplRetireResponse.parse(JSON.parse(text));
      expect(retired).toMatchObject({ success: true, burned: 4, tokenId });
      expect(retired.nftBurnTxHash).toMatch(/^[0-9A-F]{64}$/);
      expect(await creditBalance(traderWallet.address)).toBe(before - 4);
      const nfts = await service.ledger.request({ command: 'account_nfts', account: traderWallet.address });
      expect(nfts.result.account_nfts.map((nft) => nft.NFTokenID)).not.toContain(nftId);

      const [event] = await service.runtime.eventStore.readStream(xrplActionStreamId(retired.txHash));
      expect(event).toMatchObject({
        type: 'XrplCreditsBurned',
        data: {
          txHash: retired.txHash,
          account: traderWallet.address,
          userId: trader.userId,
          tokenId,
          tokenAmount: 4,
          nftId,
          nftBurnTxHash: retired.nftBurnTxHash,
          purpose: 'Scope 2 offset 2026',
          use: 'voluntary',
        },
      });
    });

    it('picks the oldest vault batch with enough credits when no NFT is given, and refuses more than the address holds', async () => {
      const small = await seedVaultBatch(null, [[1, 2]], new Date('2019-02-01T00:00:00Z'));
      const large = await seedVaultBatch(null, [[1, 50]], new Date('2019-03-01T00:00:00Z'));
      const prepared = await prepare(trader, 'retire', { tokenAmount: 3, issuer: platformIssuer, xrplAddress: traderWallet.address });
      expect(prepared.tokenId).toBe(large);
      expect(prepared.tokenId).not.toBe(small);
      expect(prepared.transactions.map((transaction) => transaction.TransactionType)).toEqual(['Payment']);

      const held = await creditBalance(traderWallet.address);
      const tooMany = Math.floor(held) + 1;
      const refused = await trader.request('POST', '/api/xrpl/retire/prepare', {
        tokenAmount: tooMany,
        issuer: platformIssuer,
        xrplAddress: traderWallet.address,
      });
      expect(refused.status).toBe(409);
      expect(await refused.json()).toMatchObject({ message: `${traderWallet.address} holds ${held} NXCC; retire at most ${Math.floor(held)}` });
    });
  });
});
