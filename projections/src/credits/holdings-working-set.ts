import type { ProjectionWriter } from '../runtime/projection.js';

export interface HoldingBlock {
  readonly start: number;
  readonly end: number;
  readonly accountId: string;
  readonly status: 'tradable' | 'reserved' | 'retired';
  readonly orderId: string | null;
}

/** Who a reassigned block goes to; `keep` leaves each overlapped block's owner as it is. */
export interface BlockOwner {
  readonly accountId: string | { readonly keep: true };
  readonly status: HoldingBlock['status'];
  readonly orderId: string | null;
}

interface TokenBlocks {
  /** Rows as stored when the batch started, by serial_start. */
  readonly stored: Map<number, HoldingBlock>;
  /** Current blocks, sorted by start, never overlapping. */
  blocks: HoldingBlock[];
}

const INSERT_CHUNK = 5_000;

const sameBlock = (a: HoldingBlock, b: HoldingBlock): boolean =>
  a.start === b.start && a.end === b.end && a.accountId === b.accountId && a.status === b.status && a.orderId === b.orderId;

/**
 * The serial blocks of the batches a projection batch touches, held in memory
 * while its events apply: each token is read once, every reassignment is done
 * on the sorted block list, and `flush` writes only the rows that changed.
 */
export class HoldingsWorkingSet {
  private readonly tokens = new Map<string, TokenBlocks>();

  constructor(private readonly db: ProjectionWriter) {}

  /** A new batch: serials 1..quantity, all tradable for `accountId`. */
  async issue(tokenId: string, quantity: number, accountId: string): Promise<void> {
    const token = await this.load(tokenId);
    token.blocks = [{ start: 1, end: quantity, accountId, status: 'tradable', orderId: null }];
  }

  /**
   * Gives serials start..end of a batch to `owner`: overlapped blocks are cut
   * and their uncovered remainders kept as they were.
   */
  async reassign(tokenId: string, start: number, end: number, owner: BlockOwner): Promise<void> {
    const token = await this.load(tokenId);
    const kept: HoldingBlock[] = [];
    const replaced: HoldingBlock[] = [];
    for (const block of token.blocks) {
      if (block.end < start || block.start > end) {
        kept.push(block);
        continue;
      }
      if (block.start < start) kept.push({ ...block, end: start - 1 });
      if (block.end > end) kept.push({ ...block, start: end + 1 });
      const accountId = typeof owner.accountId === 'string' ? owner.accountId : block.accountId;
      replaced.push({ start: Math.max(block.start, start), end: Math.min(block.end, end), accountId, status: owner.status, orderId: owner.orderId });
    }
    if (typeof owner.accountId === 'string') {
      // One block for the whole range, even where the log had no holder for part of it.
      kept.push({ start, end, accountId: owner.accountId, status: owner.status, orderId: owner.orderId });
    } else {
      kept.push(...replaced);
    }
    token.blocks = kept.sort((a, b) => a.start - b.start);
  }

  /** Writes the changed rows: deletes the rows that no longer stand, inserts the new ones. */
  async flush(): Promise<void> {
    for (const [tokenId, token] of this.tokens) {
      const current = new Map(token.blocks.map((block) => [block.start, block]));
      const removed = [...token.stored.values()].filter((block) => {
        const now = current.get(block.start);
        return !now || !sameBlock(now, block);
      });
      const added = token.blocks.filter((block) => {
        const before = token.stored.get(block.start);
        return !before || !sameBlock(before, block);
      });
      for (let from = 0; from < removed.length; from += INSERT_CHUNK) {
        const starts = removed.slice(from, from + INSERT_CHUNK).map((block) => block.start);
        await this.db.deleteFrom('credit_holdings').where('token_id', '=', tokenId).where('serial_start', 'in', starts).execute();
      }
      for (let from = 0; from < added.length; from += INSERT_CHUNK) {
        const rows = added.slice(from, from + INSERT_CHUNK).map((block) => ({
          token_id: tokenId,
          serial_start: block.start,
          serial_end: block.end,
          account_id: block.accountId,
          status: block.status,
          order_id: block.orderId,
        }));
        await this.db.insertInto('credit_holdings').values(rows).execute();
      }
    }
    this.tokens.clear();
  }

  private async load(tokenId: string): Promise<TokenBlocks> {
    const known = this.tokens.get(tokenId);
    if (known) return known;
    const rows = await this.db
      .selectFrom('credit_holdings')
      .select(['serial_start', 'serial_end', 'account_id', 'status', 'order_id'])
      .where('token_id', '=', tokenId)
      .orderBy('serial_start')
      .execute();
    const blocks = rows.map(
      (row): HoldingBlock => ({ start: row.serial_start, end: row.serial_end, accountId: row.account_id, status: row.status, orderId: row.order_id }),
    );
    const token: TokenBlocks = { stored: new Map(blocks.map((block) => [block.start, block])), blocks };
    this.tokens.set(tokenId, token);
    return token;
  }
}
