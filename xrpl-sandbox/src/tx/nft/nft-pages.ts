import type { ApplyView } from '../../ledger/apply-view.js';
import { Sle } from '../../ledger/sle.js';
import type { ReadView } from '../../ledger/view.js';
import type { JsonObject } from '../../protocol/json.js';
import { isJsonObject } from '../../protocol/json.js';
import { accountKey, nftPageKeyFor, nftPageMaxKey } from '../../protocol/keylets.js';
import type { Ter } from '../../protocol/ter.js';
import { adjustOwnerCount } from '../trust-lines.js';
import { compareTokenIds, nextTokenId, pageBits } from './nftoken-id.js';

const MAX_TOKENS_PER_PAGE = 32;
const MAX_PAGES = 100_000;

/** An owner's NFTokenPages in key order, following PreviousPageMin from the last page. */
export function ownerPages(view: ReadView, owner: string): Sle[] {
  const pages: Sle[] = [];
  let key: string | undefined = nftPageMaxKey(owner);
  while (key !== undefined && pages.length < MAX_PAGES) {
    const page = view.read(key);
    if (page === undefined) break;
    pages.push(page);
    key = page.getString('PreviousPageMin');
  }
  return pages.reverse();
}

export function tokenId(wrapper: JsonObject): string | undefined {
  const token = wrapper.NFToken;
  return isJsonObject(token) && typeof token.NFTokenID === 'string' ? token.NFTokenID : undefined;
}

function sortTokens(tokens: JsonObject[]): JsonObject[] {
  return tokens.sort((a, b) => compareTokenIds(tokenId(a) ?? '', tokenId(b) ?? ''));
}

/** The key of the only page that can hold `id`: the first page keyed strictly above nftpage(owner, id). */
function pageKeyFor(view: ReadView, owner: string, id: string): string | undefined {
  const first = nftPageKeyFor(owner, id);
  return ownerPages(view, owner)
    .map((page) => page.key)
    .find((key) => key > first);
}

/** locatePage + find: the page holding `id` and the token itself. */
export function findToken(view: ReadView, owner: string, id: string): { page: Sle; token: JsonObject } | undefined {
  const key = pageKeyFor(view, owner, id);
  const page = key === undefined ? undefined : view.read(key);
  if (page === undefined) return undefined;
  const token = page.getObjectArray('NFTokens').find((wrapper) => tokenId(wrapper) === id);
  return token === undefined ? undefined : { page, token };
}

/** getPageForToken: the page to insert into, splitting a full page like rippled does. */
/** Puts `page` right after the page at `previousKey` in the owner's chain, setting both links. */
function linkAfter(view: ApplyView, page: Sle, previousKey: string): void {
  page.set('PreviousPageMin', previousKey);
  const previous = view.peek(previousKey);
  if (previous !== undefined) {
    previous.set('NextPageMin', page.key);
    view.update(previous);
  }
}

function pageForToken(view: ApplyView, owner: string, id: string): Sle | undefined {
  const key = pageKeyFor(view, owner, id);
  const current = key === undefined ? undefined : view.peek(key);
  if (current === undefined) {
    const page = Sle.create('NFTokenPage', nftPageMaxKey(owner));
    page.set('NFTokens', []);
    view.insert(page);
    const root = view.peek(accountKey(owner));
    if (root !== undefined) adjustOwnerCount(view, root, 1);
    return page;
  }
  const tokens = current.getObjectArray('NFTokens');
  if (tokens.length < MAX_TOKENS_PER_PAGE) return current;

  // Keep tokens with equal low 96 bits on one side of the split.
  const half = MAX_TOKENS_PER_PAGE / 2;
  const pivot = pageBits(tokenId(tokens[half - 1] ?? {}) ?? '');
  let split = tokens.findIndex((wrapper, index) => index >= half && pageBits(tokenId(wrapper) ?? '') !== pivot);
  if (split < 0) split = tokens.findIndex((wrapper) => pageBits(tokenId(wrapper) ?? '') === pivot);
  if (split <= 0) return undefined;
  const lower = tokens.slice(0, split);
  const upper = tokens.slice(split);
  const lastLower = tokenId(lower[lower.length - 1] ?? {}) ?? '';
  const firstUpper = tokenId(upper[0] ?? {}) ?? '';
  const newKeyToken = lower.length === MAX_TOKENS_PER_PAGE ? nextTokenId(lastLower) : firstUpper;
  const fresh = Sle.create('NFTokenPage', nftPageKeyFor(owner, newKeyToken));
  fresh.set('NFTokens', lower);
  fresh.set('NextPageMin', current.key);
  const previousKey = current.getString('PreviousPageMin');
  if (previousKey !== undefined) linkAfter(view, fresh, previousKey);
  view.insert(fresh);
  current.set('NFTokens', upper);
  current.set('PreviousPageMin', fresh.key);
  view.update(current);
  const root = view.peek(accountKey(owner));
  if (root !== undefined) adjustOwnerCount(view, root, 1);
  return nftPageKeyFor(owner, id) < fresh.key ? fresh : current;
}

export function insertToken(view: ApplyView, owner: string, token: JsonObject): Ter {
  const id = tokenId(token);
  if (id === undefined) return 'tefINTERNAL';
  const page = pageForToken(view, owner, id);
  if (page === undefined) return 'tecNO_SUITABLE_NFTOKEN_PAGE';
  page.set('NFTokens', sortTokens([...page.getObjectArray('NFTokens'), token]));
  view.update(page);
  return 'tesSUCCESS';
}

function mergePages(view: ApplyView, lower: Sle, upper: Sle): boolean {
  const a = lower.getObjectArray('NFTokens');
  const b = upper.getObjectArray('NFTokens');
  if (a.length + b.length > MAX_TOKENS_PER_PAGE) return false;
  upper.set('NFTokens', sortTokens([...a, ...b]));
  upper.remove('PreviousPageMin');
  const previousKey = lower.getString('PreviousPageMin');
  if (previousKey !== undefined) {
    const previous = view.peek(previousKey);
    if (previous !== undefined) {
      previous.set('NextPageMin', upper.key);
      view.update(previous);
    }
    upper.set('PreviousPageMin', previousKey);
  }
  view.update(upper);
  view.erase(lower);
  return true;
}

/** removeToken, including page unlinking and consolidation (fixNFTokenPageLinks). */
export function removeToken(view: ApplyView, owner: string, id: string): Ter {
  const key = pageKeyFor(view, owner, id);
  const current = key === undefined ? undefined : view.peek(key);
  if (current === undefined) return 'tecNO_ENTRY';
  const tokens = current.getObjectArray('NFTokens');
  const at = tokens.findIndex((wrapper) => tokenId(wrapper) === id);
  if (at < 0) return 'tecNO_ENTRY';
  tokens.splice(at, 1);
  const load = (field: string): Sle | undefined => {
    const linked = current.getString(field);
    return linked === undefined ? undefined : view.peek(linked);
  };
  const previous = load('PreviousPageMin');
  const next = load('NextPageMin');
  const root = view.peek(accountKey(owner));
  const adjust = (delta: number): void => {
    if (root !== undefined && delta !== 0) adjustOwnerCount(view, root, delta);
  };

  if (tokens.length > 0) {
    current.set('NFTokens', tokens);
    view.update(current);
    let removed = 0;
    if (previous !== undefined && mergePages(view, previous, current)) removed -= 1;
    if (next !== undefined && mergePages(view, current, next)) removed -= 1;
    adjust(removed);
    return 'tesSUCCESS';
  }
  if (previous !== undefined) {
    if (next === undefined) {
      // The last page keeps its key: move the previous page's tokens into it.
      current.set('NFTokens', previous.getObjectArray('NFTokens'));
      const before = previous.getString('PreviousPageMin');
      if (before !== undefined) linkAfter(view, current, before);
      else current.remove('PreviousPageMin');
      view.update(current);
      view.erase(previous);
      adjust(-1);
      return 'tesSUCCESS';
    }
    previous.set('NextPageMin', next.key);
    view.update(previous);
  }
  if (next !== undefined) {
    if (previous !== undefined) next.set('PreviousPageMin', previous.key);
    else next.remove('PreviousPageMin');
    view.update(next);
  }
  view.erase(current);
  let removed = 1;
  if (previous !== undefined && next !== undefined && mergePages(view, previous, next)) removed += 1;
  adjust(-removed);
  return 'tesSUCCESS';
}
