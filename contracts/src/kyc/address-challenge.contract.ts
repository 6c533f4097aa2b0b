import { z } from 'zod';
import { kycAddress } from './xrpl-address.js';

/** How long a challenge may be signed and used. */
export const ADDRESS_CHALLENGE_TTL_MS = 10 * 60_000;

/** POST /api/kyc/address-challenge: the server's text for the address's key to sign, bound to the user and the address, single use. */
export const addressChallengeRequest = z.object({ xrplAddress: kycAddress });
export type AddressChallengeRequest = z.infer<typeof addressChallengeRequest>;

export const addressChallengeResponse = z.object({
  challengeId: z.uuid(),
  /** Sign exactly these UTF-8 bytes (hex-encoded, see challengeMessageHex) with the address's key. */
  message: z.string(),
  expiresAt: z.iso.datetime(),
});
export type AddressChallengeResponse = z.infer<typeof addressChallengeResponse>;

/** The challenge as ripple-keypairs signs it: the message's UTF-8 bytes as upper-case hex. */
export function challengeMessageHex(message: string): string {
  return Array.from(new TextEncoder().encode(message), (byte) => byte.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase();
}

/** A secp256k1 (33-byte compressed) or Ed25519 ("ED" + 32 bytes) public key, hex. */
export const xrplPublicKey = z
  .string({ error: 'Public key is required' })
  .regex(/^(0[23][0-9A-Fa-f]{64}|[Ee][Dd][0-9A-Fa-f]{64})$/, 'Public key must be an XRPL public key (hex)')
  .transform((key) => key.toUpperCase());

/** Proof that the requester holds the address's key: a server challenge signed by it. */
export const addressProofRequest = z.object({
  challengeId: z.uuid('Challenge id must be a UUID'),
  publicKey: xrplPublicKey,
  signature: z
    .string({ error: 'Signature is required' })
    .regex(/^[0-9A-Fa-f]{128,144}$/, 'Signature must be a hex signature')
    .transform((signature) => signature.toUpperCase()),
});
export type AddressProofRequest = z.infer<typeof addressProofRequest>;
