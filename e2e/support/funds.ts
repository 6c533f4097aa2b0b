import type { BrowserContext } from 'playwright-core';

/**
 * Deposits test USD for the context's user through the sandbox faucet (a real XRPL payment to the
 * deposit address with the user's destination tag). Buy orders are paid for (docs/funds.md).
 */
export async function fundThroughFaucet(context: BrowserContext, baseUrl: string, amount = '100000.00'): Promise<void> {
  const csrf = (await context.cookies()).find((cookie) => cookie.name === 'cl_csrf')?.value ?? '';
  const response = await context.request.post(`${baseUrl}/api/funds/faucet`, { data: { amount }, headers: { 'x-csrf-token': csrf } });
  if (!response.ok()) throw new Error(`/api/funds/faucet answered ${response.status()}: ${await response.text()}`);
}
