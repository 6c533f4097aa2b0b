import { pathToFileURL } from 'node:url';
import { Logger } from '@nestjs/common';
import { ledgerAnchorLookup } from '../audit/anchor-lookup.js';
import { type AnchorLookup, verifyLog } from '../audit/verify-log.js';
import { type AppConfig, loadConfig } from '../config/config.js';
import { START } from '@carbon-ledger/contracts';
import { SupplyCheck } from '../credit-market/verify-supply.js';
import { CashLedger } from '../funds/cash-ledger.js';
import { cashLedgerReport } from '../funds/verify-cash-ledger.js';
import { checkCitedDocuments, DocumentCitations } from '../projects/documents/verify-documents.js';
import { foldLog } from '../shared/fold-log.js';
import { ledgerSide, RESERVE_LOOKS, reservesVerdict, VaultFold } from '../xrpl/vault/proof-of-reserves.js';
import { type AnchorLedger, openAnchorLedger, openToolRuntime } from './open-tool-runtime.js';

/** Exit codes: 0 everything checked and OK; 3 a mismatch; 4 no mismatch, but anchors or reserves could not be checked; 1 the tool failed. */
export const VERIFY_EXIT = { ok: 0, failed: 1, mismatch: 3, anchorsNotChecked: 4 } as const;

export interface RunVerifyOptions {
  /** Defaults to the environment. */
  readonly config?: AppConfig;
  /** How long to wait for the XRPL node to answer (see openAnchorLedger). */
  readonly ledgerTimeoutMs?: number;
  /** Receives the report as it is written (the CLI passes stdout). */
  readonly write?: (text: string) => void;
}

/**
 * npm run verify: re-derives every stream's hash chain and every seal, then
 * reads each anchor transaction back from the XRP Ledger (validated, sent by the
 * audit-anchor account, memo root = the seal's root), checks the cash ledger, and
 * proves the reserves: the issuer's NXCC on the ledger against the vault's serials
 * folded from the log. Names the first mismatch.
 */
export async function runVerify(options: RunVerifyOptions = {}): Promise<{ code: number; output: string }> {
  let output = '';
  const write = (...lines: string[]): void => {
    const text = `${lines.join('\n')}\n`;
    output += text;
    options.write?.(text);
  };
  const config = options.config ?? loadConfig();
  const opened = await openToolRuntime(config);
  // The ledger is opened when the first anchor is reached, so a log without anchors never asks it.
  let ledger: Promise<AnchorLedger> | undefined;
  let lookup: AnchorLookup | undefined;
  let chainsDone: number | undefined;
  const lookupAnchor: AnchorLookup = async (anchor) => {
    chainsDone ??= performance.now();
    ledger ??= openAnchorLedger(config, { serviceRunning: opened.serviceRunning, timeoutMs: options.ledgerTimeoutMs });
    const { gateway } = await ledger;
    if (!gateway) return undefined;
    lookup ??= ledgerAnchorLookup(gateway);
    return lookup(anchor);
  };
  try {
    write(`Verifying the event log (${opened.databaseLabel})…`);
    const started = performance.now();
    const { eventStore, readModels, pool } = opened.runtime;
    // The checks after the chains fold the log in the chains' one pass over it.
    const cashLedger = new CashLedger();
    const citations = new DocumentCitations();
    const supplyCheck = await SupplyCheck.open(readModels);
    const vault = new VaultFold();
    let readTo = START;
    const report = await verifyLog(eventStore, {
      lookupAnchor,
      onEvent: (event) => {
        cashLedger.apply(event);
        citations.apply(event);
        supplyCheck.apply(event);
        vault.apply(event);
        readTo = event.position;
      },
    });
    // The chains and seals; reading the anchors back from the ledger comes after.
    const seconds = (((chainsDone ?? performance.now()) - started) / 1000).toFixed(2);
    const anchorLedger = await ledger;
    const against = anchorLedger ? `${anchorLedger.network} (${anchorLedger.how})` : undefined;

    const mismatch = report.firstMismatch;
    if (!report.ok) {
      write(
        `MISMATCH after ${report.eventsChecked} good events (${seconds} s):`,
        ...(mismatch?.kind === 'event'
          ? [`  stream:   ${mismatch.streamId} version ${mismatch.streamVersion}`, `  event:    ${mismatch.eventId} at position ${mismatch.position}`]
          : mismatch?.kind === 'anchor'
            ? [`  anchor:   seal ${mismatch.sealNumber}, AuditAnchored at position ${mismatch.position}`]
            : [`  ${mismatch?.kind}:     seal ${mismatch?.sealNumber}${mismatch?.position ? ` at position ${mismatch.position}` : ''}`]),
        `  problem:  ${mismatch?.reason}`,
        ...(mismatch?.kind === 'anchor' && against ? [`  ledger:   ${against}`] : []),
      );
      return { code: VERIFY_EXIT.mismatch, output };
    }

    write(
      `OK: ${report.eventsChecked} events in ${report.streamsChecked} streams; every hash chain matches (${seconds} s).`,
      `    ${report.sealsChecked} seals re-derived; ${report.unsealedEvents} events after the last seal.`,
    );
    const cash = cashLedgerReport(cashLedger);
    if (!cash.ok) {
      write(
        'MISMATCH in the cash ledger:',
        `  sums:     posted ${cash.postedSum}, pending ${cash.pendingSum} (both must be 0)`,
        ...(cash.negativeUsers.length > 0 ? [`  below zero: ${cash.negativeUsers.join(', ')}`] : []),
        ...cash.violations.map((violation) => `  problem:  ${violation}`),
      );
      return { code: VERIFY_EXIT.mismatch, output };
    }
    write(`    Cash ledger: ${cash.accounts} accounts sum to zero (posted and pending); none of ${cash.users} user accounts is below zero.`);
    const documents = await checkCitedDocuments(citations, pool);
    if (!documents.ok) {
      write('MISMATCH in the registry documents:', ...documents.problems.map((problem) => `  problem:  ${problem}`));
      return { code: VERIFY_EXIT.mismatch, output };
    }
    write(`    Documents: each of the ${documents.cited} documents the log cites is stored with the hash and size it was cited with.`);
    const supply = await supplyCheck.report(readModels, eventStore);
    if (!supply.ok) {
      write('MISMATCH in the supply of credit batches:', ...supply.problems.map((problem) => `  problem:  ${problem}`));
      return { code: VERIFY_EXIT.mismatch, output };
    }
    write(
      `    Supply: for each of ${supply.batches} batches issued = tradable + reserved + in the vault + retired + cancelled, in the log and the read model (${supply.issued} issued, ${supply.retired} retired, ${supply.cancelled} cancelled).`,
    );
    if (!anchorLedger) write('    No anchors in the log yet; the ledger was not asked for them.');
    else if (report.anchorsUnchecked > 0) {
      const why = anchorLedger.unreachable ?? `the connection was lost: ${anchorLedger.gateway?.connectionError ?? 'the node stopped answering'}`;
      write(
        `ANCHORS NOT CHECKED: ${report.anchorsUnchecked} of ${report.anchorsChecked + report.anchorsUnchecked} anchors could not be read from ${anchorLedger.network}.`,
        `    ${why}`,
        `    ${report.anchorsChecked} anchors checked; the others prove nothing until the ledger can be read.`,
      );
      return { code: VERIFY_EXIT.anchorsNotChecked, output };
    } else write(`    ${report.anchorsChecked} anchors checked against ${against}.`);

    // Proof of reserves: NXCC on the ledger against the vault's serials folded from the log.
    if (!vault.touched) return { code: VERIFY_EXIT.ok, output };
    ledger ??= openAnchorLedger(config, { serviceRunning: opened.serviceRunning, timeoutMs: options.ledgerTimeoutMs });
    const reservesLedger = await ledger;
    if (!reservesLedger.gateway) {
      write(`RESERVES NOT CHECKED: ${reservesLedger.unreachable ?? 'the ledger cannot be read'}`);
      return { code: VERIFY_EXIT.anchorsNotChecked, output };
    }
    for (let read = 1; ; read += 1) {
      const onLedger = await ledgerSide(reservesLedger.gateway);
      const verdict = reservesVerdict(vault.side, onLedger);
      const { heldInVault, toPay, toRegister } = vault.side;
      if (verdict.balanced) {
        write(
          `    Reserves: ${onLedger.outstanding} NXCC outstanding on ledger ${onLedger.ledgerIndex}, ${heldInVault} serials in the vault (${toPay + toRegister} in flight).`,
        );
        return { code: VERIFY_EXIT.ok, output };
      }
      if (read >= RESERVE_LOOKS.reads) {
        write(
          'MISMATCH in the reserves:',
          `  ledger:   ${onLedger.outstanding} NXCC outstanding (gateway_balances of the issuer, ledger ${onLedger.ledgerIndex})`,
          `  vault:    ${heldInVault} serials (to pay ${toPay}, to register ${toRegister})`,
          `  problem:  ${verdict.difference} NXCC ${Number(verdict.difference) > 0 ? 'on the ledger that no serial in the vault backs' : 'fewer on the ledger than serials in the vault'}`,
        );
        return { code: VERIFY_EXIT.mismatch, output };
      }
      await new Promise((resolve) => setTimeout(resolve, RESERVE_LOOKS.pauseMs));
      readTo = await foldLog(eventStore, vault, { after: readTo });
    }
  } finally {
    await ledger?.then(
      (anchorLedger) => anchorLedger.close(),
      () => undefined,
    );
    await opened.close();
  }
}

// Run as a program (npm run verify), not when imported by a test.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // The gateway's reconnect warnings are summed up in the report instead.
  Logger.overrideLogger(['error']);
  runVerify({ write: (text) => void process.stdout.write(text) }).then(
    ({ code }) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`verify failed: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(VERIFY_EXIT.failed);
    },
  );
}
