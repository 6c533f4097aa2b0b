import { sandboxFaucetResponse, type SandboxFaucetResponse } from '@carbon-ledger/contracts';
import { useMutation } from '@tanstack/react-query';
import { requestJson } from '../../../shared/api/http';
import { generateBrowserWallet, type GeneratedWallet } from '../signing/browser-signer';

/** POST /api/xrpl/faucet: the sandbox genesis account funds the address (only the address is sent). */
export function fundSandboxWallet(address: string): Promise<SandboxFaucetResponse> {
  return requestJson('/api/xrpl/faucet', sandboxFaucetResponse, { method: 'POST', body: { address } });
}

export interface CreatedSandboxWallet {
  readonly wallet: GeneratedWallet;
  readonly funding: SandboxFaucetResponse;
}

/** Generates a wallet in the browser, then asks the sandbox faucet to fund it. */
export async function createSandboxWallet(generate: () => Promise<GeneratedWallet> = generateBrowserWallet): Promise<CreatedSandboxWallet> {
  const wallet = await generate();
  const funding = await fundSandboxWallet(wallet.address);
  return { wallet, funding };
}

export function useCreateSandboxWallet(generate: () => Promise<GeneratedWallet> = generateBrowserWallet) {
  return useMutation({ mutationKey: ['api', 'xrpl', 'faucet'], mutationFn: () => createSandboxWallet(generate) });
}
