import { z } from 'zod';
import { kycAddress } from '../shared/xrpl-address.js';

/** XRP the sandbox faucet pays a new wallet: enough for the reserve, trust lines and AMM purchases. */
export const SANDBOX_FAUCET_XRP = 1_000;
/** Grants one user may have within SANDBOX_FAUCET_WINDOW_MS. */
export const SANDBOX_FAUCET_GRANTS = 3;
export const SANDBOX_FAUCET_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Public faucets of the other test networks, linked from the /xrpl screen where the sandbox faucet is not offered. */
export const publicFaucetUrls = {
  testnet: 'https://xrpl.org/resources/dev-tools/xrp-faucets',
  devnet: 'https://xrpl.org/resources/dev-tools/xrp-faucets',
} as const;

/** POST /api/xrpl/faucet: funds a wallet the browser generated (sandbox network only). */
export const sandboxFaucetRequest = z.strictObject({ address: kycAddress });
export type SandboxFaucetRequest = z.infer<typeof sandboxFaucetRequest>;

export const sandboxFaucetResponse = z.object({
  address: z.string(),
  amountXrp: z.number().int(),
  txHash: z.string(),
  /** Grants this user has left in the current 24 hours. */
  grantsLeft: z.number().int().min(0),
});
export type SandboxFaucetResponse = z.infer<typeof sandboxFaucetResponse>;

/**
 * A faucet grant, claimed in the user's faucet stream before the genesis account's payment is
 * submitted: the count of grants is the rate limit, whichever instance answers.
 */
export const sandboxFaucetGrantedData = z.object({
  userId: z.string().min(1),
  address: z.string(),
  amountXrp: z.number().int().positive(),
  txHash: z.string().regex(/^[0-9A-F]{64}$/),
  grantedAt: z.iso.datetime(),
});

export const sandboxFaucetEvent = z.discriminatedUnion('type', [z.object({ type: z.literal('SandboxFaucetGranted'), data: sandboxFaucetGrantedData })]);
export type SandboxFaucetEvent = z.infer<typeof sandboxFaucetEvent>;

export function isSandboxFaucetEvent<E extends { type: string; data: unknown }>(event: E): event is E & SandboxFaucetEvent {
  return event.type === 'SandboxFaucetGranted';
}

export const sandboxFaucetStreamId = (userId: string): string => `xrpl-faucet-${userId}`;
