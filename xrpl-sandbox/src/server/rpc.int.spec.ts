import { describe, expect, it } from 'vitest';
import type { Payment, TransactionStream } from 'xrpl';
import { RippledError, Wallet, xrpToDrops } from 'xrpl';
import { useServerWithClient } from '../test-support/server-under-test.js';

const RIPPLE_EPOCH = 946_684_800;

describe('rippled WebSocket API', () => {
  const sandbox = useServerWithClient();

  it('reports server_info with the fields autofill and getFeeXrp read', async () => {
    const { result } = await sandbox.client.request({ command: 'server_info' });
    expect(result.info.validated_ledger?.base_fee_xrp).toBe(0.00001);
    expect(result.info.validated_ledger?.reserve_base_xrp).toBe(1);
    expect(result.info.validated_ledger?.reserve_inc_xrp).toBe(0.2);
    expect(result.info.load_factor).toBe(1);
    expect(typeof result.info.build_version).toBe('string');
    expect(result.info.complete_ledgers).toMatch(/^\d+-\d+$/);

    const state = await sandbox.client.request({ command: 'server_state' });
    expect(state.result.state.validated_ledger?.reserve_inc).toBe(200_000);
    expect(state.result.state.validated_ledger?.base_fee).toBe(10);
  });

  it('keeps ledger indexes, hashes and close times consistent', async () => {
    const validated = await sandbox.client.request({ command: 'ledger', ledger_index: 'validated' });
    const current = await sandbox.client.request({ command: 'ledger_current' });
    expect(current.result.ledger_current_index).toBeGreaterThan(validated.result.ledger_index);
    expect(validated.result.validated).toBe(true);
    expect(validated.result.ledger_hash).toMatch(/^[0-9A-F]{64}$/);
    const { ledger } = validated.result;
    expect(ledger.closed).toBe(true);
    expect(ledger.ledger_index).toBe(validated.result.ledger_index);
    const unixClose = (ledger.close_time + RIPPLE_EPOCH) * 1000;
    expect(Math.abs(unixClose - Date.now())).toBeLessThan(10 * 60_000);
    expect(ledger.close_time_iso).toBe(new Date(unixClose).toISOString().replace('.000Z', 'Z'));

    const parent = await sandbox.client.request({ command: 'ledger', ledger_index: validated.result.ledger_index - 1 });
    expect(parent.result.ledger_hash).toBe(ledger.parent_hash);

    const before = await sandbox.client.getLedgerIndex();
    await sandbox.client.connection.request({ command: 'ledger_accept' });
    expect(await sandbox.client.getLedgerIndex()).toBeGreaterThan(before);
  });

  it('answers fee and ping', async () => {
    const fee = await sandbox.client.request({ command: 'fee' });
    expect(fee.result.drops.base_fee).toBe('10');
    expect(fee.result.ledger_current_index).toBeGreaterThan(0);
    const ping = await sandbox.client.request({ command: 'ping' });
    expect(ping.result).toBeDefined();
  });

  it('returns rippled error shapes', async () => {
    const unknownAccount = Wallet.generate().address;
    const error = await sandbox.client.request({ command: 'account_info', account: unknownAccount }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RippledError);
    const data = (error as RippledError).data;
    expect(data).toMatchObject({
      error: 'actNotFound',
      error_code: 19,
      error_message: 'Account not found.',
      status: 'error',
      type: 'response',
    });

    const missingTx = await sandbox.client.request({ command: 'tx', transaction: 'A'.repeat(64) }).catch((e: unknown) => e);
    expect((missingTx as RippledError).data).toMatchObject({ error: 'txnNotFound', error_code: 29 });

    const missingLedger = await sandbox.client.request({ command: 'ledger', ledger_index: 99_999_999 }).catch((e: unknown) => e);
    expect((missingLedger as RippledError).data).toMatchObject({ error: 'lgrNotFound', error_code: 21 });

    const unknown = await sandbox.client.connection.request({ command: 'no_such_command' }).catch((e: unknown) => e);
    expect((unknown as RippledError).data).toMatchObject({ error: 'unknownCmd', error_code: 32 });
  });

  it('streams ledgerClosed messages to subscribers', async () => {
    const subscribed = await sandbox.client.request({ command: 'subscribe', streams: ['ledger'] });
    const { result } = subscribed;
    const subscribedAt = 'ledger_index' in result ? result.ledger_index : 0;
    expect(subscribedAt).toBeGreaterThan(0);
    const closed = await new Promise<number>((resolve) => {
      sandbox.client.once('ledgerClosed', (message) => resolve(message.ledger_index));
    });
    expect(closed).toBeGreaterThan(subscribedAt);
    await sandbox.client.request({ command: 'unsubscribe', streams: ['ledger'] });
  });

  it('streams validated transactions for subscribed accounts', async () => {
    const newcomer = Wallet.generate();
    await sandbox.client.request({ command: 'subscribe', accounts: [newcomer.address] });
    const streamed = new Promise<TransactionStream>((resolve) => {
      sandbox.client.once('transaction', resolve);
    });
    const payment: Payment = {
      TransactionType: 'Payment',
      Account: sandbox.server.genesis.address,
      Destination: newcomer.address,
      Amount: xrpToDrops(20),
    };
    const signed = sandbox.server.genesis.sign(await sandbox.client.autofill(payment));
    await sandbox.client.submit(signed.tx_blob);
    const message = await streamed;
    expect(message).toMatchObject({ engine_result: 'tesSUCCESS', hash: signed.hash, validated: true });
    expect(message.tx_json?.Destination).toBe(newcomer.address);
    await sandbox.client.request({ command: 'unsubscribe', accounts: [newcomer.address] });
  });
});
