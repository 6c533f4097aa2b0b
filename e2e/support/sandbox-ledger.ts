import { GENESIS_SEED } from '@carbon-ledger/xrpl-sandbox';
import { Client, type Payment, Wallet, xrpToDrops } from 'xrpl';
import type { RunningService } from './service.js';

/** The sandbox funds the platform wallets and opens the pool in the background after start. */
const PROVISIONING_TIMEOUT_MS = 60_000;

export async function waitForOutput(service: RunningService, pattern: RegExp, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!pattern.test(service.output())) {
    if (Date.now() > deadline) throw new Error(`the service never printed ${pattern}:\n${service.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Waits until the service has finished provisioning the sandbox (it funds its
 * wallets from the genesis account; funding ours at the same time would race it
 * for the genesis account's sequence), then answers the ledger's URL.
 */
export async function provisionedLedgerUrl(service: RunningService): Promise<string> {
  const url = /local XRPL sandbox at (wss?:\/\/[^\s,]+)/.exec(service.output())?.[1];
  if (!url) throw new Error(`the service printed no sandbox ledger URL:\n${service.output()}`);
  await waitForOutput(service, /opened the XRP\/NXCC pool/, PROVISIONING_TIMEOUT_MS);
  return url;
}

/** Pays 1,000 XRP from the sandbox's genesis account to a fresh wallet. */
export async function fundOnSandbox(ledgerUrl: string, address: string): Promise<void> {
  const ledger = new Client(ledgerUrl);
  await ledger.connect();
  try {
    const genesis = Wallet.fromSeed(GENESIS_SEED);
    const paid = await ledger.submitAndWait(
      { TransactionType: 'Payment', Account: genesis.address, Destination: address, Amount: xrpToDrops(1_000) } satisfies Payment,
      { wallet: genesis },
    );
    const meta = paid.result.meta;
    const result = meta && typeof meta === 'object' ? meta.TransactionResult : undefined;
    if (result !== 'tesSUCCESS') throw new Error(`funding ${address} failed: ${result}`);
  } finally {
    await ledger.disconnect();
  }
}
