import { isDeepStrictEqual } from 'node:util';
import type { PreparedXrplTransaction } from '@carbon-ledger/contracts';
import { decode, deriveAddress, encode, encodeForSigning, type Transaction, verifyKeypairSignature } from 'xrpl';
import { DomainError } from '../../shared/domain-error.js';

/** The only fields a signature adds to a prepared transaction. */
const SIGNATURE_FIELDS: ReadonlySet<string> = new Set(['SigningPubKey', 'TxnSignature']);

/** A prepared transaction as the ledger will read it (the binary codec's canonical JSON). */
function canonical(transaction: PreparedXrplTransaction): Record<string, unknown> {
  return decode(encode(transaction as unknown as Transaction));
}

/**
 * Checks that `blob` is exactly the prepared transaction, signed (single-signed,
 * master key) by `signer`; answers the decoded transaction. Refusals name the
 * position of the blob and what is wrong with it, never its contents.
 */
export function checkSignedTransaction(prepared: PreparedXrplTransaction, blob: string, signer: string, index: number): Record<string, unknown> {
  const which = `Signed transaction ${index + 1}`;
  let signed: Record<string, unknown>;
  try {
    signed = decode(blob);
  } catch {
    throw new DomainError('ValidationFailed', `${which} is not a valid XRPL transaction blob`);
  }
  const expected = canonical(prepared);
  const fields = new Set([...Object.keys(expected), ...Object.keys(signed)]);
  const differing = [...fields].filter((field) => !SIGNATURE_FIELDS.has(field) && !isDeepStrictEqual(expected[field], signed[field]));
  if (differing.length > 0) {
    throw new DomainError(
      'ValidationFailed',
      `${which} is not the prepared transaction: ${differing.join(', ')} differ; sign the prepared transaction as it is`,
    );
  }

  const { SigningPubKey: publicKey, TxnSignature: signature } = signed;
  if (typeof publicKey !== 'string' || publicKey === '' || typeof signature !== 'string' || signature === '') {
    throw new DomainError('ValidationFailed', `${which} is not signed (multi-signing is not supported)`);
  }
  let signedBy: string;
  try {
    signedBy = deriveAddress(publicKey);
  } catch {
    throw new DomainError('ValidationFailed', `${which} carries an invalid signing key`);
  }
  if (signedBy !== signer) {
    throw new DomainError('Forbidden', `${which} was signed by ${signedBy}, not by the KYC-checked address ${signer}`);
  }
  let verified: boolean;
  try {
    verified = verifyKeypairSignature(encodeForSigning(signed as unknown as Transaction), signature, publicKey);
  } catch {
    verified = false;
  }
  if (!verified) throw new DomainError('ValidationFailed', `The signature of ${which.toLowerCase()} does not verify`);
  return signed;
}
