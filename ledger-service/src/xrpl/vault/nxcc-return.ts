import { CREDIT_CURRENCY_CODE } from '@carbon-ledger/contracts';
import { convertStringToHex, type Payment } from 'xrpl';
import type { XrplGateway } from '../../infrastructure/xrpl/xrpl-gateway.js';
import type { Preparation } from '../signing/preparation-seal.js';
import { type AppliedTransaction, notApplied, type SubmissionOutcome, submitInOrder } from '../signing/signed-submission.js';

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

/**
 * Submits a signed NXCC return in the prepared order and answers its applied Payment (409 when the
 * ledger did not apply it); what follows the payment (an NFT burn) is the caller's to read in `outcome`.
 */
export async function submitNxccReturn(
  gateway: XrplGateway,
  prepared: Pick<Preparation<unknown>, 'transactions' | 'xrplAddress'>,
  signedTransactions: readonly string[],
): Promise<{ readonly payment: AppliedTransaction; readonly outcome: SubmissionOutcome }> {
  const outcome = await submitInOrder(gateway, prepared.transactions, signedTransactions, prepared.xrplAddress);
  const payment = outcome.applied.find((transaction) => transaction.transactionType === 'Payment');
  if (!payment) throw notApplied(outcome.failed ?? { transactionType: 'Payment', result: 'not submitted' });
  return { payment, outcome };
}
