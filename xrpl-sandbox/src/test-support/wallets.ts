import type { Client, Payment, SubmittableTransaction, TxResponse } from 'xrpl';
import { Wallet, xrpToDrops } from 'xrpl';

const POLL_MS = 50;
const MAX_ATTEMPTS = 10;
/** Results another submitter racing for the same account's sequence can cause. */
const SEQUENCE_RACE = new Set(['tefPAST_SEQ', 'terPRE_SEQ']);

/** Waits until a submitted transaction is in a validated ledger. */
export async function waitForValidation(client: Client, hash: string, timeoutMs = 20_000): Promise<TxResponse> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await client.request({ command: 'tx', transaction: hash });
      if (response.result.validated === true) return response;
    } catch (error) {
      if (!(error instanceof Error) || !error.message.includes('Transaction not found')) throw error;
    }
    if (Date.now() > deadline) throw new Error(`Transaction ${hash} was not validated in time`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Signs and submits several transactions from one account with consecutive sequences. */
export async function submitBatch(client: Client, wallet: Wallet, txs: SubmittableTransaction[]): Promise<TxResponse[]> {
  const hashes: string[] = [];
  let sequence: number | undefined;
  for (const tx of txs) {
    for (let attempt = 1; ; attempt += 1) {
      const prepared = await client.autofill({ ...tx, ...(sequence === undefined ? {} : { Sequence: sequence }) });
      const signed = wallet.sign(prepared);
      const { engine_result: result } = (await client.submit(signed.tx_blob)).result;
      if (result.startsWith('tes')) {
        sequence = (prepared.Sequence ?? 0) + 1;
        hashes.push(signed.hash);
        break;
      }
      if (!SEQUENCE_RACE.has(result) || attempt >= MAX_ATTEMPTS) {
        throw new Error(`${tx.TransactionType} failed: ${result}`);
      }
      sequence = undefined;
    }
  }
  return Promise.all(hashes.map((hash) => waitForValidation(client, hash)));
}

/** New accounts funded from `funder` (the genesis account in tests). */
export async function fundWallets(client: Client, funder: Wallet, count: number, xrp = 1000): Promise<Wallet[]> {
  const wallets = Array.from({ length: count }, () => Wallet.generate());
  const payments: Payment[] = wallets.map((wallet) => ({
    TransactionType: 'Payment',
    Account: funder.address,
    Destination: wallet.address,
    Amount: xrpToDrops(xrp),
  }));
  await submitBatch(client, funder, payments);
  return wallets;
}
