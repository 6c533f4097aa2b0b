import { formatSerialRange, VAULT_ACCOUNT_ID } from '@carbon-ledger/contracts';
import type { ReadModels } from '../../infrastructure/postgres/database.js';
import { DomainError } from '../../shared/domain-error.js';

export interface ChosenVaultBatch {
  readonly tokenId: string;
  /** The serials the NXCC stand for, as the memo names them. */
  readonly serials: string[];
}

export const EMPTY_VAULT_MESSAGE = 'The vault holds no credits: NXCC exist only for credits tokenized into it';

/**
 * The vault batch whose serials NXCC returned to the issuer stand for (a retirement or a
 * redemption): the one asked for (by token id or by its NFT), else the oldest that holds enough.
 */
export async function chooseVaultBatch(
  db: ReadModels,
  amount: number,
  wanted: {
    readonly tokenId?: string | undefined;
    readonly nftId?: string | undefined;
    /** Only these batches (those that qualify for a retirement's use). */
    readonly among?: readonly string[] | undefined;
  } = {},
): Promise<ChosenVaultBatch> {
  let query = db
    .selectFrom('credit_holdings as holding')
    .innerJoin('credit_batches as batch', 'batch.token_id', 'holding.token_id')
    .select(['holding.token_id', 'holding.serial_start', 'holding.serial_end', 'batch.serial_prefix'])
    .where('holding.account_id', '=', VAULT_ACCOUNT_ID)
    .where('holding.status', '=', 'tradable');
  if (wanted.nftId) query = query.where('batch.nft_id', '=', wanted.nftId);
  if (wanted.tokenId) query = query.where('batch.token_id', '=', wanted.tokenId);
  if (wanted.among) query = query.where('batch.token_id', 'in', wanted.among.length > 0 ? [...wanted.among] : ['']);
  const blocks = await query.orderBy('batch.issued_at').orderBy('holding.token_id').orderBy('holding.serial_start').execute();
  if (blocks.length === 0) {
    throw new DomainError(
      'Conflict',
      wanted.nftId
        ? 'The vault holds no credits of the batch of this NFT'
        : wanted.tokenId
          ? `The vault holds no credits of ${wanted.tokenId}`
          : EMPTY_VAULT_MESSAGE,
    );
  }
  const batches = new Map<string, typeof blocks>();
  for (const block of blocks) {
    const tokenBlocks = batches.get(block.token_id);
    if (tokenBlocks) tokenBlocks.push(block);
    else batches.set(block.token_id, [block]);
  }
  const held = (tokenBlocks: typeof blocks): number => tokenBlocks.reduce((sum, block) => sum + block.serial_end - block.serial_start + 1, 0);
  const chosen = [...batches.entries()].find(([, tokenBlocks]) => held(tokenBlocks) >= amount);
  if (!chosen) {
    const most = Math.max(...[...batches.values()].map(held));
    throw new DomainError(
      'Conflict',
      `No batch in the vault holds ${amount} credits${wanted.nftId || wanted.tokenId ? ' of the one you chose' : ''}; the largest holds ${most}`,
    );
  }
  const [tokenId, tokenBlocks] = chosen;
  const serials: string[] = [];
  let left = amount;
  for (const block of tokenBlocks) {
    if (left === 0) break;
    const end = Math.min(block.serial_end, block.serial_start + left - 1);
    serials.push(formatSerialRange(block.serial_prefix, block.serial_start, end));
    left -= end - block.serial_start + 1;
  }
  return { tokenId, serials };
}

/** The batches of which the vault holds tradable serials (of the NFT's batch only, when given), oldest issuance first. */
export async function vaultBatchIds(db: ReadModels, nftId?: string): Promise<{ tokenId: string; vintage: number }[]> {
  let query = db
    .selectFrom('credit_holdings as holding')
    .innerJoin('credit_batches as batch', 'batch.token_id', 'holding.token_id')
    .select(['batch.token_id', 'batch.vintage', 'batch.issued_at'])
    .distinct()
    .where('holding.account_id', '=', VAULT_ACCOUNT_ID)
    .where('holding.status', '=', 'tradable');
  if (nftId) query = query.where('batch.nft_id', '=', nftId);
  const rows = await query.orderBy('batch.issued_at').orderBy('batch.token_id').execute();
  return rows.map((row) => ({ tokenId: row.token_id, vintage: row.vintage }));
}
