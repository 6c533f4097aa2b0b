import { dirPageKey, ownerDirKey } from '../protocol/keylets.js';
import type { ApplyView } from './apply-view.js';
import { Sle } from './sle.js';
import type { ReadView } from './view.js';

const DIR_NODE_MAX_ENTRIES = 32;
const DIR_NODE_MAX_PAGES = 262_144n;

function sortedInsert(indexes: string[], key: string): string[] {
  const sorted = [...indexes].sort();
  if (sorted.includes(key)) throw new Error(`dirInsert: double insertion of ${key}`);
  sorted.push(key);
  return sorted.sort();
}

/** ApplyView::dirInsert for an owner directory. Returns the page number, or undefined when full. */
export function dirInsert(view: ApplyView, owner: string, key: string): bigint | undefined {
  const rootKey = ownerDirKey(owner);
  const root = view.peek(rootKey);
  if (root === undefined) {
    const created = Sle.create('DirectoryNode', rootKey);
    created.set('Owner', owner);
    created.set('RootIndex', rootKey);
    created.set('Indexes', [key]);
    view.insert(created);
    return 0n;
  }
  let page = root.getU64('IndexPrevious');
  const node = page === 0n ? root : view.peek(dirPageKey(rootKey, page));
  if (node === undefined) throw new Error('Directory chain: root back-pointer broken.');
  const indexes = node.getVector('Indexes');
  if (indexes.length < DIR_NODE_MAX_ENTRIES) {
    node.set('Indexes', sortedInsert(indexes, key));
    view.update(node);
    return page;
  }
  page += 1n;
  if (page >= DIR_NODE_MAX_PAGES) return undefined;
  node.setU64('IndexNext', page);
  view.update(node);
  root.setU64('IndexPrevious', page);
  view.update(root);
  const fresh = Sle.create('DirectoryNode', dirPageKey(rootKey, page));
  fresh.set('Owner', owner);
  fresh.set('RootIndex', rootKey);
  fresh.set('Indexes', [key]);
  if (page !== 1n) fresh.setU64('IndexPrevious', page - 1n);
  view.insert(fresh);
  return page;
}

/** ApplyView::dirRemove (keepRoot = false). Returns false when the key is not on that page. */
export function dirRemove(view: ApplyView, owner: string, page: bigint, key: string): boolean {
  const rootKey = ownerDirKey(owner);
  const node = view.peek(dirPageKey(rootKey, page));
  if (node === undefined) return false;
  const entries = node.getVector('Indexes');
  const at = entries.indexOf(key);
  if (at < 0) return false;
  entries.splice(at, 1);
  node.set('Indexes', entries);
  view.update(node);
  if (entries.length > 0) return true;

  let prevPage = node.getU64('IndexPrevious');
  let nextPage = node.getU64('IndexNext');
  if (page === 0n) {
    if (nextPage === prevPage && nextPage !== page) {
      const last = view.peek(dirPageKey(rootKey, nextPage));
      if (last === undefined) throw new Error('Directory chain: fwd link broken.');
      if (last.getVector('Indexes').length > 0) return true;
      node.setU64('IndexNext', page);
      node.setU64('IndexPrevious', page);
      view.update(node);
      view.erase(last);
      nextPage = page;
      prevPage = page;
    }
    if (nextPage === page && prevPage === page) view.erase(node);
    return true;
  }
  const prev = view.peek(dirPageKey(rootKey, prevPage));
  const next = view.peek(dirPageKey(rootKey, nextPage));
  if (prev === undefined || next === undefined) throw new Error('Directory chain: link broken.');
  prev.setU64('IndexNext', nextPage);
  view.update(prev);
  next.setU64('IndexPrevious', prevPage);
  view.update(next);
  view.erase(node);
  if (nextPage !== 0n && next.getU64('IndexNext') === 0n && next.getVector('Indexes').length === 0) {
    view.erase(next);
    prev.setU64('IndexNext', 0n);
    view.update(prev);
    const root = view.peek(rootKey);
    if (root === undefined) throw new Error('Directory chain: root link broken.');
    root.setU64('IndexPrevious', prevPage);
    view.update(root);
    nextPage = 0n;
  }
  if (nextPage === 0n && prevPage === 0n && prev.getVector('Indexes').length === 0) view.erase(prev);
  return true;
}

/** All keys in an owner directory, page by page. */
export function ownerDirEntries(view: ReadView, owner: string): string[] {
  const rootKey = ownerDirKey(owner);
  const out: string[] = [];
  let page = 0n;
  for (let guard = 0; guard < 1_000_000; guard += 1) {
    const node = view.read(dirPageKey(rootKey, page));
    if (node === undefined) break;
    out.push(...node.getVector('Indexes'));
    page = node.getU64('IndexNext');
    if (page === 0n) break;
  }
  return out;
}
