import { CREDIT_CURRENCY_CODE } from '@carbon-ledger/contracts';
import { convertStringToHex, type Payment } from 'xrpl';

/** How the memo's data is written, for a reader of the ledger. */
const JSON_MEMO_FORMAT = 'application/json';

const memoHex = (text: string): string => convertStringToHex(text).toUpperCase();

/**
 * The Payment of `amount` NXCC from the holder back to the issuer, which takes them out of
 * circulation (a redemption or a retirement), with a JSON memo of the vault serials they stand for.
 */
export function nxccReturnPayment(holder: string, issuer: string, amount: number, memo: { readonly type: string; readonly data: object }): Payment {
  return {
    TransactionType: 'Payment',
    Account: holder,
    Destination: issuer,
    Amount: { currency: CREDIT_CURRENCY_CODE, issuer, value: String(amount) },
    Memos: [{ Memo: { MemoType: memoHex(memo.type), MemoFormat: memoHex(JSON_MEMO_FORMAT), MemoData: memoHex(JSON.stringify(memo.data)) } }],
  };
}
