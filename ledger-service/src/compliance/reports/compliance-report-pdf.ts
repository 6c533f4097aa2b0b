import {
  cancellationReasonLabels,
  type ComplianceReport,
  describeRetiredUse,
  type ReportDisclosure,
  reportFrameworkInfo,
  retirementUseLabels,
} from '@carbon-ledger/contracts';
import { type PdfLine, textPdf } from '../../shared/pdf/text-pdf.js';

const heading = (text: string): PdfLine => ({ text, bold: true, size: 12, gap: 18 });
const row = (text: string): PdfLine => ({ text: `    ${text}` });
const spacer: PdfLine = { text: '', gap: 8 };
const tonnes = (tCO2e: number): string => `${tCO2e.toLocaleString('en-GB')} tCO2e`;
const retirementsText = (count: number): string => `${count} ${count === 1 ? 'retirement' : 'retirements'}`;

function disclosureLines(disclosure: ReportDisclosure): PdfLine[] {
  const lines: PdfLine[] = [heading(disclosure.heading), { text: `Disclosure: ${disclosure.reference}`, gap: 18 }];
  switch (disclosure.framework) {
    case 'csrd':
      lines.push(
        { text: `Carbon credits cancelled in the period: ${tonnes(disclosure.creditsCancelledTCO2e)}` },
        { text: `Share from removal projects: ${disclosure.removalsSharePercent}%; from emission reduction projects: ${disclosure.reductionsSharePercent}%` },
        { text: 'Share per recognised quality standard:' },
        ...disclosure.qualityStandards.map((item) => row(`${item.standard}: ${tonnes(item.tCO2e)} (${item.sharePercent}%)`)),
      );
      break;
    case 'issb':
      lines.push(
        { text: `Extent: ${tonnes(disclosure.extent.tCO2e)} in ${retirementsText(disclosure.extent.count)}` },
        { text: 'Third-party certification schemes:' },
        ...disclosure.certificationSchemes.map((item) => row(`${item.standard}: ${tonnes(item.tCO2e)} (${item.sharePercent}%)`)),
        { text: 'Type of carbon credit:' },
        ...disclosure.creditTypes.map((item) => row(`${item.label}: ${tonnes(item.tCO2e)} (${item.sharePercent}%)`)),
      );
      break;
    case 'un-sdg':
      lines.push(...disclosure.goals.map((goal) => row(`SDG ${goal.goal} ${goal.name}: ${tonnes(goal.tCO2e)} in ${retirementsText(goal.count)}`)));
      break;
  }
  return [...lines, spacer, ...disclosure.notes.map((note) => ({ text: note, size: 9 })), spacer];
}

function retirementLines(report: ComplianceReport): PdfLine[] {
  const { retirements } = report;
  if (retirements.records.length === 0) return [heading('Retirements'), { text: 'No credits were retired in the period.' }, spacer];
  return [
    heading('Retirements'),
    { text: `${tonnes(retirements.totals.tCO2e)} in ${retirementsText(retirements.totals.count)}` },
    { text: 'Per month:' },
    ...retirements.byMonth.map((month) => row(`${month.month}: ${tonnes(month.tCO2e)} in ${retirementsText(month.count)}`)),
    { text: 'Removals and reductions:' },
    ...retirements.byMitigation.map((item) => row(`${item.label}: ${tonnes(item.tCO2e)} (${item.sharePercent}%)`)),
    { text: 'By standard:' },
    ...retirements.byStandard.map((item) => row(`${item.standard}: ${tonnes(item.tCO2e)} (${item.sharePercent}%)`)),
    { text: 'By offset type:' },
    ...retirements.byOffsetType.map((item) => row(`${item.offsetType}: ${tonnes(item.tCO2e)} (${item.sharePercent}%)`)),
    { text: 'By use:' },
    ...retirements.byUse.map((item) => row(`${retirementUseLabels[item.use]}: ${tonnes(item.tCO2e)} (${item.sharePercent}%)`)),
    { text: 'By vintage:' },
    ...retirements.byVintage.map((item) => row(`${item.vintage}: ${tonnes(item.tCO2e)} (${item.sharePercent}%)`)),
    { text: 'By project type:' },
    ...retirements.byProjectType.map((item) => row(`${item.projectType} (${item.mitigation}): ${tonnes(item.tCO2e)} (${item.sharePercent}%)`)),
    spacer,
  ];
}

/** Cancellations and reversals, apart from the retirements: never counted as retired or offset. */
function cancellationLines(report: ComplianceReport): PdfLine[] {
  const { cancellations, reversals } = report;
  if (cancellations.totals.count === 0 && reversals.count === 0) return [];
  return [
    heading('Cancellations and reversals (not retirements)'),
    { text: `${tonnes(cancellations.totals.tCO2e)} cancelled without a claim in ${cancellations.totals.count} cancellations` },
    ...cancellations.byReason.map((row) => ({ text: `    ${cancellationReasonLabels[row.reason]}: ${tonnes(row.tCO2e)} (${row.count})`, size: 9 })),
    {
      text: `${tonnes(reversals.lostTCO2e)} reversed in ${reversals.count} reversals: ${tonnes(reversals.coveredTCO2e)} covered by the buffer pool, ${tonnes(reversals.shortfallTCO2e)} short${reversals.pending > 0 ? `, ${reversals.pending} not settled yet` : ''}`,
    },
    spacer,
  ];
}

function recordLines(report: ComplianceReport): PdfLine[] {
  if (report.retirements.records.length === 0) return [];
  return [
    heading('Retirement records'),
    ...report.retirements.records.flatMap((record): PdfLine[] => [
      {
        text: `${record.retiredAt}  ${tonnes(record.quantity)} for ${record.beneficiary}${record.purpose ? ` - ${record.purpose}` : ''}`,
        bold: true,
        size: 9,
        gap: 13,
      },
      {
        text: `${record.projectName ?? record.tokenId} (${record.projectType}, ${record.mitigation}), vintage ${record.vintage}, ${record.standard}, ${record.offsetType}, SDG ${record.sdgs.join(', ')}`,
        size: 9,
        gap: 13,
      },
      { text: describeRetiredUse(record.use, record.claims ?? undefined), size: 9, gap: 13 },
      { text: `Serials: ${record.serialRanges.join(', ')}`, size: 9, gap: 13 },
      {
        text: `XRPL (${record.xrpl.status}): ${record.xrpl.transactions.map((transaction) => `${transaction.purpose} ${transaction.hash}`).join('; ') || 'no transaction yet'}`,
        size: 8,
        gap: 12,
      },
      { text: `Log position ${record.position}, event hash ${record.eventHash}`, size: 8, gap: 18 },
    ]),
  ];
}

function cashLines(report: ComplianceReport): PdfLine[] {
  const { cash } = report;
  const money = (amount: string): string => `${amount} ${cash.currency}`;
  return [
    heading('Cash on the platform’s ledger in the period'),
    { text: `Trades paid in cash: ${cash.trades.count}, ${money(cash.trades.notional)} to sellers, ${money(cash.trades.fees)} in platform fees` },
    { text: `Swaps paid in XRP on the XRP Ledger: ${cash.tradesPaidOnXrpl}; trades with no payment recorded: ${cash.tradesWithoutCash}` },
    {
      text: `Deposits: ${cash.deposits.count}, ${money(cash.deposits.amount)}; withdrawals paid out: ${cash.withdrawals.count}, ${money(cash.withdrawals.amount)}`,
    },
    { text: `Payments held for compliance review: ${cash.heldDeposits.count}, ${money(cash.heldDeposits.amount)}` },
    { text: `Held payments returned to their senders: ${cash.refundedDeposits.count}, ${money(cash.refundedDeposits.amount)}` },
    spacer,
  ];
}

function ledgerLines(report: ComplianceReport): PdfLine[] {
  const { ledger } = report;
  const { seal } = ledger;
  return [
    heading('Ledger coverage'),
    {
      text: `${ledger.eventsRead} events read from the log, positions ${ledger.firstPosition ?? '-'} to ${ledger.lastPosition ?? '-'}; ${ledger.eventsUsed} used by this report.`,
    },
    ...(seal
      ? [
          { text: `Seal ${seal.sealNumber} (to position ${seal.toPosition}, sealed ${seal.sealedAt}) Merkle root ${seal.merkleRoot}` },
          { text: seal.anchor ? `Anchored on XRPL ${seal.anchor.network}: ${seal.anchor.txHash}` : 'The seal is not anchored on XRPL yet.' },
        ]
      : [{ text: 'The log has no seal yet.' }]),
    { text: `${ledger.unsealedEvents} events used are not covered by a seal yet.`, gap: 20 },
  ];
}

/** The report as a PDF of as many pages as it needs; every page names the document's SHA-256. */
export function complianceReportPdf(report: ComplianceReport): Promise<Buffer> {
  const issuance = report.issuance;
  const lines: PdfLine[] = [
    { text: report.title, bold: true, size: 15, gap: 24 },
    { text: `Period: ${report.period.from ?? 'start of the log'} to ${report.period.to ?? 'now'}` },
    { text: `Generated ${report.generatedAt} from the ledger's event log. Quantities in ${report.unit}; one credit is one tonne.`, gap: 22 },
    ...disclosureLines(report.disclosure),
    ...retirementLines(report),
    ...cancellationLines(report),
    heading('Credits issued in the period'),
    { text: `${tonnes(issuance.tCO2e)} in ${issuance.batches} ${issuance.batches === 1 ? 'batch' : 'batches'}` },
    ...issuance.byProjectType.map((item) =>
      row(`${item.projectType} (${item.mitigation}): ${tonnes(item.tCO2e)} in ${item.batches} ${item.batches === 1 ? 'batch' : 'batches'}`),
    ),
    spacer,
    ...cashLines(report),
    ...recordLines(report),
    ...ledgerLines(report),
    { text: `Document SHA-256 (canonical JSON of the report without this field): ${report.sha256}`, size: 9 },
  ];
  const name = reportFrameworkInfo[report.framework].name;
  return textPdf(lines, { title: report.title, footer: (page, pages) => `${name} report - SHA-256 ${report.sha256} - page ${page} of ${pages}` });
}
