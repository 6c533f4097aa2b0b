import { encode, encodeForSigning } from 'ripple-binary-codec';
import { verify } from 'ripple-keypairs';
import type { JsonObject } from '../protocol/json.js';
import { isJsonObject } from '../protocol/json.js';

const MAX_MEMO_BYTES = 1024;
const URL_CHARS = /^[0-9A-Za-z\-._~:/?#[\]@!$&'()*+,;=%]*$/;

/** STTx::checkSign for single-signed transactions. */
function signatureProblem(tx: JsonObject): string | undefined {
  if (tx.Signers !== undefined) return 'Multi-signed transactions are not supported by xrpl-sandbox.';
  const publicKey = tx.SigningPubKey;
  const signature = tx.TxnSignature;
  if (typeof publicKey !== 'string' || publicKey === '' || typeof signature !== 'string') {
    return 'Invalid signature.';
  }
  try {
    return verify(encodeForSigning(tx), signature, publicKey) ? undefined : 'Invalid signature.';
  } catch {
    return 'Invalid signature.';
  }
}

function hexToText(hex: string): string {
  return Buffer.from(hex, 'hex').toString('latin1');
}

/** isMemoOkay from rippled's STTx.cpp. */
function memoProblem(tx: JsonObject): string | undefined {
  const memos = tx.Memos;
  if (memos === undefined) return undefined;
  if (!Array.isArray(memos)) return 'A memo array may contain only Memo objects.';
  let size: number;
  try {
    size = encode({ Memos: memos }).length / 2;
  } catch {
    return 'A memo array may contain only Memo objects.';
  }
  if (size > MAX_MEMO_BYTES) return 'The memo exceeds the maximum allowed size.';
  for (const wrapper of memos) {
    if (!isJsonObject(wrapper) || !isJsonObject(wrapper.Memo)) return 'A memo array may contain only Memo objects.';
    for (const [name, value] of Object.entries(wrapper.Memo)) {
      if (name !== 'MemoType' && name !== 'MemoData' && name !== 'MemoFormat') {
        return 'A memo may contain only MemoType, MemoData or MemoFormat fields.';
      }
      if (name !== 'MemoData' && typeof value === 'string' && !URL_CHARS.test(hexToText(value))) {
        return 'The MemoType and MemoFormat fields may only contain characters that are allowed in URLs under RFC 3986.';
      }
    }
  }
  return undefined;
}

/** rippled's checkValidity: failures are reported as RPC errors, never as engine results. */
export function localCheckProblem(tx: JsonObject): string | undefined {
  return signatureProblem(tx) ?? memoProblem(tx);
}
