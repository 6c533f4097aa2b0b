import { describe, expect, it } from 'vitest';
import type { LedgerEntry, Payment, TransactionMetadata } from 'xrpl';
import { decode, hashes, Wallet } from 'xrpl';
import { ledgerHeaderHash, stateTreeHash, transactionId, transactionTreeHash } from './hashing.js';

const HASH_A = 'A'.repeat(64);
const HASH_B = 'B'.repeat(64);
const HASH_C = 'C'.repeat(64);

describe('ledger hashing matches xrpl.js', () => {
  it('hashes a ledger header', () => {
    const header = {
      ledgerIndex: 42,
      totalCoins: 99_999_999_999_999_990n,
      parentHash: HASH_A,
      transactionHash: HASH_B,
      accountHash: HASH_C,
      parentCloseTime: 800_000_000,
      closeTime: 800_000_010,
      closeTimeResolution: 10,
      closeFlags: 0,
    };
    expect(ledgerHeaderHash(header)).toBe(
      hashes.hashLedgerHeader({
        account_hash: HASH_C,
        close_flags: 0,
        close_time: 800_000_010,
        close_time_human: '',
        close_time_iso: '',
        close_time_resolution: 10,
        closed: true,
        ledger_hash: '',
        ledger_index: 42,
        parent_close_time: 800_000_000,
        parent_hash: HASH_A,
        total_coins: '99999999999999990',
        transaction_hash: HASH_B,
      }),
    );
  });

  it('hashes the state tree', () => {
    const entries: LedgerEntry.AccountRoot[] = [1, 2, 3].map((n) => {
      const wallet = Wallet.generate();
      return {
        LedgerEntryType: 'AccountRoot',
        Account: wallet.address,
        Balance: String(n * 1_000_000),
        Flags: 0,
        OwnerCount: 0,
        PreviousTxnID: HASH_A,
        PreviousTxnLgrSeq: n,
        Sequence: n,
        index: hashes.hashAccountRoot(wallet.address),
      };
    });
    const ours = stateTreeHash(entries.map(({ index, ...fields }) => [index, { ...fields }]));
    expect(ours).toBe(hashes.hashStateTree(entries));
  });

  it('hashes transactions and the transaction tree', () => {
    const wallet = Wallet.generate();
    const payment: Payment = {
      TransactionType: 'Payment',
      Account: wallet.address,
      Destination: Wallet.generate().address,
      Amount: '1000',
      Fee: '12',
      Sequence: 5,
    };
    const signed = wallet.sign(payment);
    expect(transactionId(signed.tx_blob)).toBe(signed.hash);
    const signature = decode(signed.tx_blob).TxnSignature;
    if (typeof signature !== 'string') throw new Error('unsigned');
    const signedPayment: Payment = { ...payment, SigningPubKey: wallet.publicKey, TxnSignature: signature };
    const meta: TransactionMetadata = { AffectedNodes: [], TransactionIndex: 0, TransactionResult: 'tesSUCCESS' };
    const ours = transactionTreeHash([
      { hash: signed.hash, blob: signed.tx_blob, meta: { AffectedNodes: [], TransactionIndex: 0, TransactionResult: 'tesSUCCESS' } },
    ]);
    expect(ours).toBe(hashes.hashTxTree([{ ...signedPayment, metaData: meta }]));
  });
});
