import type { SleFields } from './sle.js';
import { Sle } from './sle.js';
import type { Fees, LedgerInfo, ReadView, StateReader } from './view.js';

export type ItemAction = 'cache' | 'insert' | 'modify' | 'erase';

export interface ViewItem {
  action: ItemAction;
  sle: Sle;
}

/**
 * The per-transaction change set (rippled's ApplyStateTable): peeked entries are private
 * copies, and nothing reaches the ledger until the engine commits the items.
 */
export class ApplyView implements ReadView {
  private readonly items = new Map<string, ViewItem>();

  constructor(
    readonly base: StateReader,
    readonly info: LedgerInfo,
    readonly fees: Fees,
  ) {}

  read(key: string): Sle | undefined {
    const item = this.items.get(key);
    if (item !== undefined) return item.action === 'erase' ? undefined : item.sle;
    const fields = this.base.get(key);
    return fields === undefined ? undefined : new Sle(key, structuredClone(fields));
  }

  exists(key: string): boolean {
    const item = this.items.get(key);
    if (item !== undefined) return item.action !== 'erase';
    return this.base.get(key) !== undefined;
  }

  peek(key: string): Sle | undefined {
    const item = this.items.get(key);
    if (item !== undefined) return item.action === 'erase' ? undefined : item.sle;
    const fields = this.base.get(key);
    if (fields === undefined) return undefined;
    const sle = new Sle(key, structuredClone(fields));
    this.items.set(key, { action: 'cache', sle });
    return sle;
  }

  insert(sle: Sle): void {
    const item = this.items.get(sle.key);
    if (item === undefined) {
      this.items.set(sle.key, { action: 'insert', sle });
      return;
    }
    if (item.action !== 'erase') throw new Error(`insert: ${sle.key} already exists`);
    this.items.set(sle.key, { action: 'modify', sle });
  }

  update(sle: Sle): void {
    const item = this.items.get(sle.key);
    if (item === undefined) {
      this.items.set(sle.key, { action: 'modify', sle });
      return;
    }
    if (item.action === 'erase') throw new Error(`update: ${sle.key} was erased`);
    if (item.action === 'cache') item.action = 'modify';
    item.sle = sle;
  }

  erase(sle: Sle): void {
    const item = this.items.get(sle.key);
    if (item === undefined) {
      this.items.set(sle.key, { action: 'erase', sle });
      return;
    }
    if (item.action === 'erase') throw new Error(`erase: ${sle.key} already erased`);
    if (item.action === 'insert') this.items.delete(sle.key);
    else this.items.set(sle.key, { action: 'erase', sle });
  }

  /** Items in key order, as rippled's std::map iterates them. */
  sortedItems(): Array<[string, ViewItem]> {
    return [...this.items.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  }

  original(key: string): SleFields | undefined {
    return this.base.get(key);
  }
}
