import { decode, encode, type Transaction, Wallet } from 'xrpl';
import { describe, expect, it } from 'vitest';
import { checkSignedTransaction } from './signed-transaction-check.js';

const owner = Wallet.generate();
const prepared = {
  TransactionType: 'Payment',
  Account: owner.address,
  Destination: Wallet.generate().address,
  Amount: { currency: '4E58434300000000000000000000000000000000', issuer: Wallet.generate().address, value: '4' },
  Fee: '12',
  Sequence: 7,
  LastLedgerSequence: 99,
  Flags: 0,
};
const sign = (wallet: Wallet, transaction: Record<string, unknown>): string => wallet.sign(transaction as unknown as Transaction).tx_blob;

describe('checkSignedTransaction', () => {
  it('accepts the prepared transaction signed by the expected address', () => {
    const signed = checkSignedTransaction(prepared, sign(owner, prepared), owner.address, 0);
    expect(signed).toMatchObject({ Account: owner.address, Sequence: 7, SigningPubKey: owner.publicKey });
  });

  it('names the fields that differ from the prepared transaction', () => {
    const blob = sign(owner, { ...prepared, Amount: { ...prepared.Amount, value: '400' }, Fee: '1000' });
    expect(() => checkSignedTransaction(prepared, blob, owner.address, 1)).toThrow(
      'Signed transaction 2 is not the prepared transaction: Amount, Fee differ; sign the prepared transaction as it is',
    );
  });

  it('refuses a signature by another key with 403', () => {
    const stranger = Wallet.generate();
    expect(() => checkSignedTransaction(prepared, sign(stranger, prepared), owner.address, 0)).toThrow(
      expect.objectContaining({ code: 'Forbidden', message: expect.stringContaining(`signed by ${stranger.address}`) }),
    );
  });

  it('refuses a signature that does not verify, an unsigned blob and a blob that is not one', () => {
    const signed = decode(sign(owner, prepared));
    // A real signature of the same key, over another transaction.
    const otherSignature = decode(sign(owner, { ...prepared, Sequence: 8 })).TxnSignature;
    const forged = encode({ ...signed, TxnSignature: otherSignature } as unknown as Transaction);
    expect(() => checkSignedTransaction(prepared, forged, owner.address, 0)).toThrow('The signature of signed transaction 1 does not verify');
    const unsigned = encode({ ...prepared, SigningPubKey: '' } as unknown as Transaction);
    expect(() => checkSignedTransaction(prepared, unsigned, owner.address, 0)).toThrow('is not signed');
    expect(() => checkSignedTransaction(prepared, 'ZZ', owner.address, 0)).toThrow('Signed transaction 1 is not a valid XRPL transaction blob');
  });
});
