import { SANDBOX_FAUCET_XRP, sandboxFaucetResponse, sandboxFaucetStreamId } from '@carbon-ledger/contracts';
import { Client, dropsToXrp, Wallet } from 'xrpl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceForSuite, type SignedInClient, WITHOUT_BACKGROUND_JOBS } from '../test-support/service-under-test.js';

describe('the sandbox faucet (POST /api/xrpl/faucet)', () => {
  const service = serviceForSuite(WITHOUT_BACKGROUND_JOBS);
  let trader: SignedInClient;
  let ledger: Client;

  beforeAll(async () => {
    trader = await service.signIn(['trader']);
    ledger = new Client(service.sandbox.url);
    await ledger.connect();
  });
  afterAll(async () => {
    await ledger?.disconnect();
  });

  it('funds a wallet the browser generated from the genesis account, and records the grant in the user’s faucet stream', async () => {
    const wallet = Wallet.generate();
    const response = await trader.request('POST', '/api/xrpl/faucet', { address: wallet.address });
    expect(response.status).toBe(201);
    const answer = sandboxFaucetResponse.parse(await response.json());
    expect(answer).toMatchObject({ address: wallet.address, amountXrp: SANDBOX_FAUCET_XRP, grantsLeft: 2 });
    const info = await ledger.request({ command: 'account_info', account: wallet.address, ledger_index: 'validated' });
    expect(dropsToXrp(info.result.account_data.Balance)).toBe(SANDBOX_FAUCET_XRP);
    const stream = await service.runtime.eventStore.readStream(sandboxFaucetStreamId(trader.userId));
    expect(stream.map((event) => [event.type, (event.data as { txHash: string }).txHash])).toEqual([['SandboxFaucetGranted', answer.txHash]]);
  });

  it('grants a user 3 wallets in 24 hours, then answers 429 naming when the next is possible; another user is not limited by it', async () => {
    for (const left of [1, 0]) {
      const answer = sandboxFaucetResponse.parse(await (await trader.request('POST', '/api/xrpl/faucet', { address: Wallet.generate().address })).json());
      expect(answer.grantsLeft).toBe(left);
    }
    const refused = await trader.request('POST', '/api/xrpl/faucet', { address: Wallet.generate().address });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ error: 'TooManyRequests', message: expect.stringContaining('3 wallets per user in 24 hours') });
    const other = await service.signIn(['trader']);
    expect((await other.request('POST', '/api/xrpl/faucet', { address: Wallet.generate().address })).status).toBe(201);
  });

  it('refuses a seed, a malformed or mis-checksummed address, and a signed-out caller', async () => {
    const wallet = Wallet.generate();
    const seed = await trader.request('POST', '/api/xrpl/faucet', { address: wallet.address, seed: wallet.seed });
    expect(seed.status).toBe(400);
    expect((await trader.request('POST', '/api/xrpl/faucet', { address: 'not-an-address' })).status).toBe(400);
    const badChecksum = `${wallet.address.slice(0, -1)}${wallet.address.endsWith('a') ? 'b' : 'a'}`;
    expect((await trader.request('POST', '/api/xrpl/faucet', { address: badChecksum })).status).toBe(400);
    expect((await service.anonymous('POST', '/api/xrpl/faucet', { address: wallet.address })).status).toBe(401);
  });
});

describe('the faucet on another network', () => {
  const service = serviceForSuite({ ...WITHOUT_BACKGROUND_JOBS, XRPL_NETWORK: 'testnet', XRPL_URL: 'ws://127.0.0.1:9' });

  it('answers 404: the screen links to the public faucet instead', async () => {
    const trader = await service.signIn(['trader']);
    const response = await trader.request('POST', '/api/xrpl/faucet', { address: Wallet.generate().address });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: 'NotFound', message: expect.stringContaining('sandbox network only') });
  });
});
