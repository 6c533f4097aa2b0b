import { ACCOUNT_ZERO } from '../protocol/accounts.js';
import type { Amount } from '../protocol/amount.js';
import { amountFromJson, amountToJson } from '../protocol/amount.js';
import { fieldType } from '../protocol/fields.js';
import type { Json, JsonObject } from '../protocol/json.js';
import { isJsonObject, jsonEqual } from '../protocol/json.js';
import { accountKey } from '../protocol/keylets.js';
import type { Ter } from '../protocol/ter.js';
import type { ApplyView } from './apply-view.js';
import { Sle } from './sle.js';
import type { SleFields } from './sle.js';

/** SField metadata flags that differ from sMD_Default (sfields.macro). */
const NEVER = new Set(['LedgerEntryType', 'Indexes']);
const DELETE_FINAL_ONLY = new Set(['PreviousTxnID', 'PreviousTxnLgrSeq']);
const ALWAYS_ONLY = new Set(['RootIndex']);

const ZERO_HASH = '0'.repeat(64);

/** STBase::isDefault for the JSON form of a field. */
function isDefaultValue(name: string, value: Json): boolean {
  switch (fieldType(name)) {
    case 'UInt8':
    case 'UInt16':
    case 'UInt32':
      return value === 0;
    case 'UInt64':
      return typeof value === 'string' && /^0+$/.test(value);
    case 'Hash128':
    case 'Hash160':
    case 'Hash192':
    case 'Hash256':
      return typeof value === 'string' && /^0+$/.test(value);
    case 'Amount':
      return value === '0';
    case 'Blob':
      return value === '';
    case 'AccountID':
      return value === ACCOUNT_ZERO;
    case 'STArray':
    case 'Vector256':
      return Array.isArray(value) && value.length === 0;
    case 'Issue':
      return isJsonObject(value) && value.currency === 'XRP';
    default:
      return false;
  }
}

type NodeType = 'CreatedNode' | 'ModifiedNode' | 'DeletedNode';

interface MetaNode {
  type: NodeType;
  body: JsonObject;
}

export interface TxMetadata {
  meta: JsonObject;
  /** Final state of every entry the transaction wrote; null means deleted. */
  writes: Map<string, SleFields | null>;
}

export interface MetadataInput {
  view: ApplyView;
  txId: string;
  ledgerSeq: number;
  txIndex: number;
  result: Ter;
  delivered?: Amount | undefined;
}

/** Builds metadata the way rippled's ApplyStateTable::apply does, including threading. */
export function buildMetadata(input: MetadataInput): TxMetadata {
  const { view, txId, ledgerSeq } = input;
  const nodes = new Map<string, MetaNode>();
  const writes = new Map<string, SleFields | null>();
  const threadOnly = new Map<string, Sle>();
  const items = view.sortedItems();
  const itemMap = new Map(items);

  const affectedNode = (key: string, type: NodeType, entryType: string): MetaNode => {
    let node = nodes.get(key);
    if (node === undefined) {
      node = { type, body: { LedgerEntryType: entryType, LedgerIndex: key } };
      nodes.set(key, node);
    }
    return node;
  };

  const threadItem = (sle: Sle): void => {
    const previous = sle.getString('PreviousTxnID') ?? ZERO_HASH;
    if (previous === txId) return;
    const previousSeq = sle.getU32('PreviousTxnLgrSeq');
    sle.set('PreviousTxnID', txId);
    sle.setU32('PreviousTxnLgrSeq', ledgerSeq);
    if (previous === ZERO_HASH) return;
    const node = affectedNode(sle.key, 'ModifiedNode', sle.type);
    if (node.body.PreviousTxnID === undefined) {
      node.body.PreviousTxnID = previous;
      node.body.PreviousTxnLgrSeq = previousSeq;
    }
  };

  const threadTx = (account: string): void => {
    const key = accountKey(account);
    let sle = threadOnly.get(key);
    if (sle === undefined) {
      const item = itemMap.get(key);
      if (item !== undefined && item.action === 'erase') return;
      if (item !== undefined && item.action !== 'cache') {
        threadItem(item.sle);
        writes.set(key, item.sle.fields);
        return;
      }
      const fields = view.original(key);
      if (fields === undefined) return;
      sle = new Sle(key, structuredClone(fields));
      threadOnly.set(key, sle);
    }
    threadItem(sle);
  };

  const threadOwners = (fields: SleFields): void => {
    const type = fields.LedgerEntryType;
    if (type === 'AccountRoot') return;
    if (type === 'RippleState') {
      for (const side of ['LowLimit', 'HighLimit']) {
        const limit = amountFromJson(fields[side]);
        if (limit?.kind === 'iou') threadTx(limit.issuer);
      }
      return;
    }
    if (typeof fields.Account === 'string') threadTx(fields.Account);
    if (typeof fields.Destination === 'string') threadTx(fields.Destination);
  };

  for (const [key, item] of items) {
    const orig = view.original(key);
    const cur = item.sle.fields;
    let action = item.action;
    // A peeked entry that was changed without update() still counts as modified.
    if (action === 'cache') {
      if (orig === undefined || jsonEqual(orig, cur)) continue;
      action = 'modify';
    }
    if (action === 'modify' && orig !== undefined && jsonEqual(orig, cur)) continue;
    const entryType = item.sle.type;

    if (action === 'erase') {
      if (orig === undefined) continue;
      const node = affectedNode(key, 'DeletedNode', entryType);
      node.type = 'DeletedNode';
      threadOwners(orig);
      const previous = changedFields(orig, cur);
      if (Object.keys(previous).length > 0) node.body.PreviousFields = previous;
      const finals = pickFields(cur, (name) => !NEVER.has(name));
      if (Object.keys(finals).length > 0) node.body.FinalFields = finals;
      writes.set(key, null);
    } else if (action === 'modify') {
      const node = affectedNode(key, 'ModifiedNode', entryType);
      threadItem(item.sle);
      if (orig !== undefined) {
        const previous = changedFields(orig, cur);
        if (Object.keys(previous).length > 0) node.body.PreviousFields = previous;
      }
      const finals = pickFields(cur, (name) => !NEVER.has(name) && !DELETE_FINAL_ONLY.has(name));
      if (Object.keys(finals).length > 0) node.body.FinalFields = finals;
      writes.set(key, cur);
    } else {
      const node = affectedNode(key, 'CreatedNode', entryType);
      node.type = 'CreatedNode';
      threadOwners(cur);
      threadItem(item.sle);
      const news = pickFields(cur, (name, value) => !NEVER.has(name) && !DELETE_FINAL_ONLY.has(name) && !isDefaultValue(name, value));
      if (Object.keys(news).length > 0) node.body.NewFields = news;
      writes.set(key, cur);
    }
  }
  for (const [key, sle] of threadOnly) if (!writes.has(key)) writes.set(key, sle.fields);

  const affected = [...nodes.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, node]) => ({ [node.type]: node.body }));
  const meta: JsonObject = {
    AffectedNodes: affected,
    TransactionIndex: input.txIndex,
    TransactionResult: input.result,
  };
  if (input.delivered !== undefined) meta.DeliveredAmount = amountToJson(input.delivered);
  return { meta, writes };
}

function pickFields(fields: SleFields, keep: (name: string, value: Json) => boolean): JsonObject {
  const out: JsonObject = {};
  for (const [name, value] of Object.entries(fields)) {
    if (keep(name, value)) out[name] = structuredClone(value);
  }
  return out;
}

/** Original values of fields (sMD_ChangeOrig) the transaction changed or removed. */
function changedFields(orig: SleFields, cur: SleFields): JsonObject {
  return pickFields(orig, (name, value) => !NEVER.has(name) && !DELETE_FINAL_ONLY.has(name) && !ALWAYS_ONLY.has(name) && !jsonEqual(value, cur[name]));
}
