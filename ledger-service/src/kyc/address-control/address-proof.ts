import { challengeMessageHex } from '@carbon-ledger/contracts';
import { deriveAddress, verify } from 'ripple-keypairs';

/**
 * Whether `signature` is `message` signed by the key of `address`: the public key must derive the
 * address (its master key) and the signature must verify over the message's bytes.
 */
export function provesAddressControl(address: string, message: string, publicKey: string, signature: string): boolean {
  try {
    if (deriveAddress(publicKey) !== address) return false;
    return verify(challengeMessageHex(message), signature, publicKey);
  } catch {
    // A malformed key or signature proves nothing.
    return false;
  }
}
