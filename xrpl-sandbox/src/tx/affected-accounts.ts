import { ACCOUNT_ONE, ACCOUNT_ZERO } from '../protocol/accounts.js';
import { amountFromJson } from '../protocol/amount.js';
import { fieldType } from '../protocol/fields.js';
import type { JsonObject } from '../protocol/json.js';
import { isJsonObject } from '../protocol/json.js';

const ISSUER_FIELDS = new Set(['LowLimit', 'HighLimit', 'TakerPays', 'TakerGets']);

/** TxMeta::getAffectedAccounts: the accounts account_tx lists this transaction under. */
export function affectedAccounts(meta: JsonObject): string[] {
  const accounts = new Set<string>();
  const nodes = Array.isArray(meta.AffectedNodes) ? meta.AffectedNodes : [];
  for (const wrapper of nodes) {
    if (!isJsonObject(wrapper)) continue;
    for (const [nodeType, node] of Object.entries(wrapper)) {
      if (!isJsonObject(node)) continue;
      const fields = nodeType === 'CreatedNode' ? node.NewFields : node.FinalFields;
      if (!isJsonObject(fields)) continue;
      for (const [name, value] of Object.entries(fields)) {
        if (fieldType(name) === 'AccountID' && typeof value === 'string') accounts.add(value);
        else if (ISSUER_FIELDS.has(name)) {
          const amount = amountFromJson(value);
          if (amount?.kind === 'iou') accounts.add(amount.issuer);
        }
      }
    }
  }
  accounts.delete(ACCOUNT_ZERO);
  accounts.delete(ACCOUNT_ONE);
  return [...accounts];
}
