import { beforeAll, describe, expect, it } from 'vitest';
import type { CredentialAccept, CredentialCreate, LedgerEntry, Memo, Payment, TransactionMetadata } from 'xrpl';
import { convertStringToHex, RippledError, Wallet } from 'xrpl';
import { useServerWithClient } from '../../test-support/server-under-test.js';
import { fundWallets } from '../../test-support/wallets.js';

const LSF_ACCEPTED = 0x00010000;

describe('Credentials and memos', () => {
  const sandbox = useServerWithClient();
  let issuer: Wallet;
  let subject: Wallet;

  beforeAll(async () => {
    [issuer, subject] = (await fundWallets(sandbox.client, sandbox.server.genesis, 2, 100)) as [Wallet, Wallet];
  });

  async function credentials(account: string): Promise<LedgerEntry.Credential[]> {
    const { result } = await sandbox.client.request({
      command: 'account_objects',
      account,
      type: 'credential',
      ledger_index: 'validated',
    });
    return result.account_objects.filter((object): object is LedgerEntry.Credential => object.LedgerEntryType === 'Credential');
  }

  async function ownerCount(account: string): Promise<number> {
    const { result } = await sandbox.client.request({ command: 'account_info', account, ledger_index: 'validated' });
    return result.account_data.OwnerCount;
  }

  it('creates a credential that the subject then accepts', async () => {
    const credentialType = convertStringToHex('KYC_VERIFIED');
    const create: CredentialCreate = {
      TransactionType: 'CredentialCreate',
      Account: issuer.address,
      Subject: subject.address,
      CredentialType: credentialType,
      URI: convertStringToHex('https://kyc.example/attestations/1'),
    };
    const created = await sandbox.client.submitAndWait(create, { wallet: issuer });
    expect((created.result.meta as TransactionMetadata).TransactionResult).toBe('tesSUCCESS');

    const pending = await credentials(subject.address);
    expect(pending).toEqual([
      expect.objectContaining({
        LedgerEntryType: 'Credential',
        Issuer: issuer.address,
        Subject: subject.address,
        CredentialType: credentialType,
        Flags: 0,
      }),
    ]);
    expect(await credentials(issuer.address)).toHaveLength(1);
    expect(await ownerCount(issuer.address)).toBe(1);
    expect(await ownerCount(subject.address)).toBe(0);

    const accept: CredentialAccept = {
      TransactionType: 'CredentialAccept',
      Account: subject.address,
      Issuer: issuer.address,
      CredentialType: credentialType,
    };
    const accepted = await sandbox.client.submitAndWait(accept, { wallet: subject });
    expect((accepted.result.meta as TransactionMetadata).TransactionResult).toBe('tesSUCCESS');
    const [credential] = await credentials(subject.address);
    expect(credential?.Flags).toBe(LSF_ACCEPTED);
    expect(await ownerCount(issuer.address)).toBe(0);
    expect(await ownerCount(subject.address)).toBe(1);

    const again = await sandbox.client.submitAndWait(accept, { wallet: subject });
    expect((again.result.meta as TransactionMetadata).TransactionResult).toBe('tecDUPLICATE');
  });

  it('returns memos unchanged from tx and account_tx', async () => {
    const memos: Memo[] = [
      {
        Memo: {
          MemoType: convertStringToHex('carbon/retirement'),
          MemoData: convertStringToHex(JSON.stringify({ beneficiary: 'ACME Ltd', serials: 'VCS-1-100' })),
          MemoFormat: convertStringToHex('application/json'),
        },
      },
      { Memo: { MemoData: convertStringToHex('second memo') } },
    ];
    const payment: Payment = {
      TransactionType: 'Payment',
      Account: subject.address,
      Destination: issuer.address,
      Amount: '1000',
      Memos: memos,
    };
    const response = await sandbox.client.submitAndWait(payment, { wallet: subject });
    expect(response.result.tx_json.Memos).toEqual(memos);

    const lookedUp = await sandbox.client.request({ command: 'tx', transaction: response.result.hash });
    expect(lookedUp.result.tx_json.Memos).toEqual(memos);
    const history = await sandbox.client.request({ command: 'account_tx', account: issuer.address, limit: 10 });
    const entry = history.result.transactions.find((tx) => tx.hash === response.result.hash);
    expect(entry?.tx_json?.Memos).toEqual(memos);
  });

  it('refuses memo types with characters not allowed in URLs', async () => {
    const prepared = await sandbox.client.autofill({
      TransactionType: 'Payment',
      Account: subject.address,
      Destination: issuer.address,
      Amount: '1000',
      Memos: [{ Memo: { MemoType: convertStringToHex('not a url'), MemoData: 'AB' } }],
    });
    const error = await sandbox.client.submit(subject.sign(prepared).tx_blob).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RippledError);
    expect((error as RippledError).data).toMatchObject({ error: 'invalidTransaction' });
  });
});
