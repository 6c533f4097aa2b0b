import type { GetRetirementResponse } from '@carbon-ledger/contracts';
import { onePagePdf, type PdfLine } from '../shared/one-page-pdf.js';

/** Serial ranges printed on the page; the certificate document lists them all. */
const PRINTED_RANGES = 12;

/** The one-page certificate of a retirement: the certificate document, its XRPL record and the event-log seal. */
export function retirementCertificatePdf(retirement: GetRetirementResponse): Buffer {
  const { certificate, verification } = retirement;
  const ranges = certificate.serialRanges;
  const { seal } = verification;
  const lines: PdfLine[] = [
    { text: 'Carbon Credit Retirement Certificate', bold: true, size: 18, gap: 24 },
    { text: `${certificate.registry} - retirement ${certificate.retirementId}`, size: 9, gap: 20 },
    { text: `Retired on behalf of: ${certificate.beneficiary}`, bold: true, size: 12 },
    { text: `Quantity: ${certificate.quantity} ${certificate.unit} (${certificate.quantity} credits)` },
    { text: `Project: ${certificate.projectName} (${certificate.projectType})` },
    { text: `Vintage: ${certificate.vintage}    Token: ${certificate.tokenId}` },
    { text: `Standard: ${certificate.standard}    Offset type: ${certificate.offsetType}` },
    { text: `Methodology: ${certificate.methodology || 'not recorded'}` },
    { text: `Purpose: ${certificate.purpose || 'not stated'}` },
    { text: `Retired at: ${certificate.retiredAt}`, gap: 20 },
    { text: 'Serial numbers', bold: true, size: 12 },
    ...ranges.slice(0, PRINTED_RANGES).map((range) => ({ text: range, size: 9 })),
    ...(ranges.length > PRINTED_RANGES ? [{ text: `... and ${ranges.length - PRINTED_RANGES} more ranges (see the certificate document)`, size: 9 }] : []),
    { text: '', gap: 6 },
    { text: 'XRP Ledger record', bold: true, size: 12 },
    ...(verification.xrplTransactions.length > 0
      ? verification.xrplTransactions.map((transaction) => ({ text: `${transaction.purpose}: ${transaction.hash}`, size: 9 }))
      : [{ text: 'Pending: not yet recorded on the XRP Ledger', size: 9 }]),
    { text: `Status: ${retirement.verificationStatus}`, size: 9, gap: 20 },
    { text: 'Event-log seal', bold: true, size: 12 },
    { text: `CreditsRetired event at log position ${certificate.logPosition}`, size: 9 },
    ...(seal
      ? [
          { text: `Seal #${seal.sealNumber}, sealed ${seal.sealedAt}, covering (${seal.fromPosition ?? 'start'}, ${seal.toPosition}]`, size: 9 },
          { text: `Merkle root: ${seal.merkleRoot}`, size: 9 },
          { text: `Seal hash: ${seal.sealHash}`, size: 9 },
          { text: seal.anchorTxHash ? `Anchored on XRPL: ${seal.anchorTxHash}` : 'Not yet anchored on XRPL', size: 9 },
        ]
      : [{ text: 'Not yet sealed: the next seal of the event log will cover it', size: 9 }]),
    { text: '', gap: 6 },
    { text: `Certificate document CID (CIDv1, raw, sha2-256): ${retirement.ipfsCid}`, size: 8 },
    { text: `Verify at ${retirement.registryLink}`, size: 8 },
  ];
  return onePagePdf(lines);
}
