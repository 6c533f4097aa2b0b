import { decode } from 'ripple-binary-codec';
import { deriveAddress } from 'ripple-keypairs';
import { ApplyView } from '../ledger/apply-view.js';
import { transactionId } from '../ledger/hashing.js';
import type { LedgerChain, TxRecord } from '../ledger/ledger-chain.js';
import type { TxMetadata } from '../ledger/metadata.js';
import { buildMetadata } from '../ledger/metadata.js';
import { StateView } from '../ledger/view.js';
import type { ReadView } from '../ledger/view.js';
import type { Amount } from '../protocol/amount.js';
import { amountFromJson, xrp } from '../protocol/amount.js';
import { fieldType } from '../protocol/fields.js';
import { lsf, tfUniversal } from '../protocol/flags.js';
import type { JsonObject } from '../protocol/json.js';
import { isJsonObject } from '../protocol/json.js';
import { accountKey } from '../protocol/keylets.js';
import type { Ter } from '../protocol/ter.js';
import { isApplied, isTec } from '../protocol/ter.js';
import { affectedAccounts } from './affected-accounts.js';
import type { Transactor } from './transactor.js';
import { Tx } from './transactor.js';
import { transactors } from './transactors/index.js';
import { localCheckProblem } from './validity.js';

export type SubmitOutcome = { kind: 'invalid'; reason: string } | { kind: 'processed'; tx: Tx; hash: string; ter: Ter; record?: TxRecord };

export interface EngineOptions {
  networkId?: number | undefined;
  /** submit's fail_hard: anything but tesSUCCESS leaves the ledger untouched. */
  failHard?: boolean;
}

/** Decodes, checks and applies a signed blob to the open ledger, like NetworkOPs::processTransaction. */
export function submitBlob(chain: LedgerChain, blob: string, options: EngineOptions = {}): SubmitOutcome {
  let json: JsonObject;
  try {
    const decoded: unknown = decode(blob);
    if (!isJsonObject(decoded)) return { kind: 'invalid', reason: 'Invalid transaction blob.' };
    json = decoded;
  } catch (error) {
    return { kind: 'invalid', reason: error instanceof Error ? error.message : 'Invalid transaction blob.' };
  }
  const problem = localCheckProblem(json);
  if (problem !== undefined) return { kind: 'invalid', reason: problem };
  const tx = new Tx(json);
  const hash = transactionId(blob);
  let outcome: { ter: Ter; record?: TxRecord };
  try {
    outcome = process(chain, tx, hash, blob, options);
  } catch (error) {
    // Like rippled, an exception while applying leaves the ledger untouched.
    console.error(`xrpl-sandbox: exception applying ${hash}`, error);
    outcome = { ter: 'tefEXCEPTION' };
  }
  return { kind: 'processed', tx, hash, ter: outcome.ter, ...(outcome.record ? { record: outcome.record } : {}) };
}

function process(chain: LedgerChain, tx: Tx, hash: string, blob: string, options: EngineOptions): { ter: Ter; record?: TxRecord } {
  const transactor = transactors[tx.type];
  if (transactor === undefined) return { ter: 'temDISABLED' };
  const preflight = commonPreflight(tx, transactor, options) ?? transactor.preflight(tx);
  if (preflight !== 'tesSUCCESS') return { ter: preflight };

  const readView = new StateView(chain.openReader(), chain.openInfo, chain.fees);
  const preclaim = commonPreclaim(chain, readView, tx, hash, transactor);
  if (preclaim !== 'tesSUCCESS') return { ter: preclaim };
  const claimed = transactor.preclaim?.({ view: readView, tx }) ?? 'tesSUCCESS';
  if (!isApplied(claimed)) return { ter: claimed };

  const fee = feeDrops(tx);
  let applied = claimed === 'tesSUCCESS' ? runTransactor(chain, tx, transactor, fee, hash) : undefined;
  const ter: Ter = applied?.ter ?? claimed;
  if (!isApplied(ter)) return { ter };
  if (isTec(ter) && options.failHard === true) return { ter };
  if (isTec(ter)) applied = runTransactor(chain, tx, undefined, fee, hash);
  if (applied === undefined) return { ter };

  const txIndex = chain.nextTxIndex();
  const metadata: TxMetadata = buildMetadata({
    view: applied.view,
    txId: hash,
    ledgerSeq: chain.openLedgerSeq,
    txIndex,
    result: ter,
    delivered: ter === 'tesSUCCESS' ? applied.delivered : undefined,
  });
  const record: TxRecord = {
    hash,
    blob,
    tx: tx.fields,
    meta: metadata.meta,
    result: ter,
    ledgerIndex: chain.openLedgerSeq,
    txIndex,
    accounts: affectedAccounts(metadata.meta),
  };
  chain.applyToOpen(record, metadata.writes, applied.feeCharged);
  return { ter, record };
}

function feeDrops(tx: Tx): bigint {
  const fee = amountFromJson(tx.get('Fee'));
  return fee?.kind === 'xrp' ? fee.drops : 0n;
}

function commonPreflight(tx: Tx, transactor: Transactor, options: EngineOptions): Ter | undefined {
  const networkId = tx.get('NetworkID');
  if (networkId !== undefined && (options.networkId === undefined || options.networkId <= 1024)) {
    return 'telNETWORK_ID_MAKES_TX_NON_CANONICAL';
  }
  if (options.networkId !== undefined && options.networkId > 1024) {
    if (networkId === undefined) return 'telREQUIRES_NETWORK_ID';
    if (networkId !== options.networkId) return 'telWRONG_NETWORK';
  }
  if ((tx.getU32('Flags') & ~(tfUniversal | transactor.allowedFlags)) >>> 0 !== 0) return 'temINVALID_FLAG';
  const fee = amountFromJson(tx.get('Fee'));
  if (fee === undefined || fee.kind !== 'xrp' || fee.drops < 0n) return 'temBAD_FEE';
  if (tx.has('TicketSequence')) return 'temDISABLED';
  for (const [name, value] of Object.entries(tx.fields)) {
    if (fieldType(name) === 'Amount' && name !== 'Fee' && typeof value === 'string' && value.startsWith('-')) {
      return 'temBAD_AMOUNT';
    }
  }
  return undefined;
}

function commonPreclaim(chain: LedgerChain, view: ReadView, tx: Tx, hash: string, transactor: Transactor): Ter {
  const root = view.read(accountKey(tx.account));
  if (root === undefined) return 'terNO_ACCOUNT';
  const accountSeq = root.getU32('Sequence');
  if (accountSeq < tx.sequence) return 'terPRE_SEQ';
  if (accountSeq > tx.sequence) return 'tefPAST_SEQ';
  const accountTxnId = tx.getString('AccountTxnID');
  if (accountTxnId !== undefined && root.getString('AccountTxnID') !== accountTxnId) return 'tefWRONG_PRIOR';
  if (tx.has('LastLedgerSequence') && view.info.seq > tx.getU32('LastLedgerSequence')) return 'tefMAX_LEDGER';
  if (chain.hasOpenTransaction(hash)) return 'tefALREADY';

  const feePaid = feeDrops(tx);
  const required = transactor.baseFee?.(view) ?? view.fees.base;
  if (feePaid < required) return 'telINSUF_FEE_P';
  const balance = root.getAmount('Balance');
  if (feePaid > 0n && (balance.kind !== 'xrp' || balance.drops < feePaid)) return 'terINSUF_FEE_B';

  // checkSingleSign with fixMasterKeyAsRegularKey.
  const signer = deriveAddress(tx.getString('SigningPubKey') ?? '');
  if (root.getString('RegularKey') === signer) return 'tesSUCCESS';
  if (signer === tx.account) return root.isFlag(lsf.disableMaster) ? 'tefMASTER_DISABLED' : 'tesSUCCESS';
  return 'tefBAD_AUTH';
}

interface RunResult {
  ter: Ter;
  view: ApplyView;
  delivered: Amount | undefined;
  feeCharged: bigint;
}

/** Takes the fee and sequence, then runs the transactor (none: fee and sequence only, for tec). */
function runTransactor(chain: LedgerChain, tx: Tx, transactor: Transactor | undefined, fee: bigint, hash: string): RunResult {
  const view = new ApplyView(chain.openReader(), chain.openInfo, chain.fees);
  const root = view.peek(accountKey(tx.account));
  if (root === undefined) throw new Error('Source account vanished after preclaim');
  const balance = root.getAmount('Balance');
  const priorBalance = balance.kind === 'xrp' ? balance.drops : 0n;
  const charged = fee > priorBalance ? priorBalance : fee;
  root.setAmount('Balance', xrp(priorBalance - charged));
  root.setU32('Sequence', root.getU32('Sequence') + 1);
  if (root.has('AccountTxnID')) root.set('AccountTxnID', hash);
  view.update(root);
  let delivered: Amount | undefined;
  const ter =
    transactor?.doApply({
      view,
      tx,
      account: tx.account,
      priorBalance,
      sourceBalance: priorBalance - charged,
      deliver: (amount) => {
        delivered = amount;
      },
    }) ?? 'tesSUCCESS';
  return { ter, view, delivered, feeCharged: charged };
}
