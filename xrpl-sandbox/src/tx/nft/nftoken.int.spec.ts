import { describe, expect, it } from 'vitest';
import type { NFTokenMint, TransactionMetadata } from 'xrpl';
import { convertStringToHex, getNFTokenID, NFTokenMintFlags, parseNFTokenID } from 'xrpl';
import { useServerWithClient } from '../../test-support/server-under-test.js';
import { fundWallets, submitBatch } from '../../test-support/wallets.js';
import { createNFTokenId } from './nftoken-id.js';

describe('NFTokenMint and NFTokenBurn', () => {
  const sandbox = useServerWithClient();

  async function nftIds(address: string): Promise<string[]> {
    const { result } = await sandbox.client.request({ command: 'account_nfts', account: address, ledger_index: 'validated' });
    return result.account_nfts.map((nft) => nft.NFTokenID);
  }

  it('mints a token whose id follows XLS-20 and is found by getNFTokenID', async () => {
    const [issuer] = await fundWallets(sandbox.client, sandbox.server.genesis, 1, 100);
    const uri = convertStringToHex('ipfs://bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi');
    const mint: NFTokenMint = {
      TransactionType: 'NFTokenMint',
      Account: issuer!.address,
      NFTokenTaxon: 42,
      TransferFee: 500,
      URI: uri,
      Flags: NFTokenMintFlags.tfBurnable | NFTokenMintFlags.tfTransferable,
    };
    const response = await sandbox.client.submitAndWait(mint, { wallet: issuer! });
    const meta = response.result.meta as TransactionMetadata<NFTokenMint>;
    expect(meta.TransactionResult).toBe('tesSUCCESS');
    const id = getNFTokenID(meta);
    expect(id).toMatch(/^[0-9A-F]{64}$/);
    expect(meta.nftoken_id).toBe(id);

    const { result } = await sandbox.client.request({ command: 'account_info', account: issuer!.address, ledger_index: 'validated' });
    const root = result.account_data as typeof result.account_data & { FirstNFTokenSequence?: number };
    expect(root.MintedNFTokens).toBe(1);
    expect(root.OwnerCount).toBe(1);
    // Serial: FirstNFTokenSequence (fixNFTokenRemint; 0 without it) plus the number minted before (0).
    const serial = root.FirstNFTokenSequence ?? 0;
    expect(id).toBe(createNFTokenId(mint.Flags as number, 500, issuer!.address, 42, serial));

    const parsed = parseNFTokenID(id!);
    expect(parsed).toMatchObject({ Issuer: issuer!.address, Taxon: 42, TransferFee: 500, Sequence: serial });

    const { result: nfts } = await sandbox.client.request({ command: 'account_nfts', account: issuer!.address });
    expect(nfts.account_nfts).toEqual([
      expect.objectContaining({
        Flags: NFTokenMintFlags.tfBurnable | NFTokenMintFlags.tfTransferable,
        Issuer: issuer!.address,
        NFTokenID: id,
        NFTokenTaxon: 42,
        TransferFee: 500,
        URI: uri,
        nft_serial: serial,
      }),
    ]);
  });

  it('spreads many tokens over NFTokenPages and burns them', async () => {
    const [minter, stranger] = await fundWallets(sandbox.client, sandbox.server.genesis, 2, 100);
    const mints: NFTokenMint[] = Array.from({ length: 40 }, (_, index) => ({
      TransactionType: 'NFTokenMint',
      Account: minter!.address,
      NFTokenTaxon: index % 3,
      Flags: NFTokenMintFlags.tfBurnable,
    }));
    const responses = await submitBatch(sandbox.client, minter!, mints);
    const minted = responses.map((response) => getNFTokenID(response.result.meta as TransactionMetadata));
    expect(new Set(minted).size).toBe(40);

    const held = await nftIds(minter!.address);
    expect(held.sort()).toEqual([...minted].sort());
    const pages = await sandbox.client.request({
      command: 'account_objects',
      account: minter!.address,
      type: 'nft_page',
      ledger_index: 'validated',
    });
    expect(pages.result.account_objects.length).toBe(2);
    const info = await sandbox.client.request({ command: 'account_info', account: minter!.address, ledger_index: 'validated' });
    expect(info.result.account_data.OwnerCount).toBe(2);

    const refused = await sandbox.client.submitAndWait(
      { TransactionType: 'NFTokenBurn', Account: stranger!.address, Owner: minter!.address, NFTokenID: minted[0]! },
      { wallet: stranger! },
    );
    expect((refused.result.meta as TransactionMetadata).TransactionResult).toBe('tecNO_PERMISSION');

    const burns = minted.slice(0, 20).map((id) => ({
      TransactionType: 'NFTokenBurn' as const,
      Account: minter!.address,
      NFTokenID: id!,
    }));
    await submitBatch(sandbox.client, minter!, burns);
    const remaining = await nftIds(minter!.address);
    expect(remaining.sort()).toEqual(minted.slice(20).sort());
    const after = await sandbox.client.request({ command: 'account_info', account: minter!.address, ledger_index: 'validated' });
    expect(after.result.account_data.BurnedNFTokens).toBe(20);
    expect(after.result.account_data.OwnerCount).toBe(1);
  });
});
