import { counted, describeRetiredClaims, retirementUseLabels } from '@carbon-ledger/contracts';
import type { GetRetirementResponse } from '@carbon-ledger/contracts';
import QRCode from 'qrcode';
import { newPdf, type Pdf, pdfBuffer, writeText } from '../shared/pdf/pdf-document.js';

/** Serial ranges printed on the page; the certificate document lists them all. */
const PRINTED_RANGES = 12;

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 48;
const INNER = MARGIN + 14;
const CONTENT_WIDTH = PAGE.width - INNER * 2;
const QR_SIZE = 118;
const DETAILS_WIDTH = CONTENT_WIDTH - QR_SIZE - 24;
const LABEL_WIDTH = 92;
const FOOTER_TOP = PAGE.height - MARGIN - 46;
/** A beneficiary longer than this is printed smaller under the title so the page keeps room for the rest. */
const HEADLINE_CHARACTERS = 60;
const COLOURS = { ink: '#1b2b24', muted: '#5b6b63', accent: '#1f6f4a', rule: '#b9cbbf' } as const;

function frame(doc: Pdf): void {
  doc
    .save()
    .lineWidth(2.5)
    .strokeColor(COLOURS.accent)
    .rect(MARGIN, MARGIN, PAGE.width - MARGIN * 2, PAGE.height - MARGIN * 2)
    .stroke();
  doc
    .lineWidth(0.75)
    .rect(MARGIN + 5, MARGIN + 5, PAGE.width - MARGIN * 2 - 10, PAGE.height - MARGIN * 2 - 10)
    .stroke()
    .restore();
}

function sectionHeading(doc: Pdf, text: string, width = CONTENT_WIDTH): void {
  doc.moveDown(0.4);
  doc.fillColor(COLOURS.accent);
  writeText(doc, text.toUpperCase(), { bold: true, size: 9, characterSpacing: 1.2 }, INNER, doc.y);
  const y = doc.y + 2;
  doc
    .save()
    .lineWidth(0.5)
    .strokeColor(COLOURS.rule)
    .moveTo(INNER, y)
    .lineTo(INNER + width, y)
    .stroke()
    .restore();
  doc.y = y + 5;
  doc.fillColor(COLOURS.ink);
}

/** "Label: value" rows; the label column is fixed so the values line up and wrap in their own column. */
function detail(doc: Pdf, label: string, value: string, width = DETAILS_WIDTH): void {
  const y = doc.y;
  doc.fillColor(COLOURS.muted);
  writeText(doc, `${label}:`, { size: 9, width: LABEL_WIDTH, lineBreak: false }, INNER, y);
  doc.fillColor(COLOURS.ink);
  writeText(doc, value, { size: 10, width: width - LABEL_WIDTH }, INNER + LABEL_WIDTH, y);
  doc.y += 2;
}

function qrCode(doc: Pdf, url: string, x: number, y: number): void {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const cell = QR_SIZE / modules.size;
  doc.save().fillColor('#000000');
  for (let row = 0; row < modules.size; row++) {
    for (let column = 0; column < modules.size; column++) {
      if (modules.get(row, column)) doc.rect(x + column * cell, y + row * cell, cell, cell);
    }
  }
  doc.fill().restore();
  doc.fillColor(COLOURS.muted);
  writeText(doc, 'Scan to verify this retirement', { size: 7, width: QR_SIZE, align: 'center' }, x, y + QR_SIZE + 4);
  doc.fillColor(COLOURS.ink);
}

/** The round seal: sealed (with its number) or waiting for the next seal of the event log. */
function sealMark(doc: Pdf, retirement: GetRetirementResponse, centreX: number, centreY: number): void {
  const { seal } = retirement.verification;
  const radius = 40;
  const colour = seal ? COLOURS.accent : COLOURS.muted;
  doc.save().lineWidth(2).strokeColor(colour).circle(centreX, centreY, radius).stroke();
  doc
    .lineWidth(0.6)
    .circle(centreX, centreY, radius - 5)
    .stroke()
    .restore();
  doc.fillColor(colour);
  const lines = seal
    ? ['EVENT LOG', `SEAL #${seal.sealNumber}`, seal.anchorTxHash ? 'ANCHORED ON XRPL' : 'NOT YET ANCHORED']
    : ['EVENT LOG', 'AWAITING', 'SEAL'];
  lines.forEach((line, index) => {
    writeText(
      doc,
      line,
      { bold: index === 1, size: index === 1 ? 10 : 6, width: radius * 2 - 12, align: 'center', lineBreak: false },
      centreX - radius + 6,
      centreY - 16 + index * 12,
    );
  });
  doc.fillColor(COLOURS.ink);
}

function footer(doc: Pdf, retirement: GetRetirementResponse, links: CertificateLinks): void {
  const bottomMargin = doc.page.margins.bottom;
  doc.page.margins.bottom = 0;
  doc
    .save()
    .lineWidth(0.5)
    .strokeColor(COLOURS.rule)
    .moveTo(INNER, FOOTER_TOP - 6)
    .lineTo(INNER + CONTENT_WIDTH, FOOTER_TOP - 6)
    .stroke()
    .restore();
  doc.fillColor(COLOURS.muted);
  writeText(doc, `Certificate document CID (CIDv1, raw, sha2-256): ${retirement.ipfsCid}`, { size: 7, width: CONTENT_WIDTH }, INNER, FOOTER_TOP);
  writeText(doc, `Verify at ${links.verifyUrl}`, { size: 7, width: CONTENT_WIDTH, link: links.verifyUrl }, INNER, doc.y + 1);
  doc.fillColor(COLOURS.ink);
  doc.page.margins.bottom = bottomMargin;
}

export interface CertificateLinks {
  /** The public verification page, absolute (the QR code holds it). */
  readonly verifyUrl: string;
}

/**
 * The one-page certificate of a retirement: who retired what for whom, the serial ranges, a QR
 * code of the public verification page, the XRPL record and the event-log seal with its anchor.
 */
export async function retirementCertificatePdf(retirement: GetRetirementResponse, links: CertificateLinks): Promise<Buffer> {
  const { certificate, verification } = retirement;
  const { seal } = verification;
  const ranges = certificate.serialRanges;
  // Text that runs past the footer continues on a second page (a 500-character purpose in CJK, say).
  const doc = newPdf({
    title: `Carbon Credit Retirement Certificate ${certificate.retirementId}`,
    margin: { top: MARGIN + 20, bottom: PAGE.height - FOOTER_TOP + 8, left: INNER, right: INNER },
  });

  doc.fillColor(COLOURS.accent);
  writeText(doc, 'Carbon Credit Retirement Certificate', { bold: true, size: 22, width: CONTENT_WIDTH, align: 'center' }, INNER, MARGIN + 26);
  doc.fillColor(COLOURS.muted);
  writeText(doc, `${certificate.registry} - retirement ${certificate.retirementId}`, { size: 8, width: CONTENT_WIDTH, align: 'center' }, INNER, doc.y + 2);

  doc.fillColor(COLOURS.ink);
  writeText(doc, 'This certifies that', { size: 10, width: CONTENT_WIDTH, align: 'center' }, INNER, doc.y + 16);
  writeText(
    doc,
    `${certificate.quantity} ${certificate.unit} (${counted(certificate.quantity, 'credit')})`,
    { bold: true, size: 16, width: CONTENT_WIDTH, align: 'center' },
    INNER,
    doc.y + 4,
  );
  writeText(doc, 'were permanently retired on behalf of', { size: 10, width: CONTENT_WIDTH, align: 'center' }, INNER, doc.y + 4);
  doc.fillColor(COLOURS.accent);
  writeText(
    doc,
    certificate.beneficiary,
    { bold: true, size: certificate.beneficiary.length > HEADLINE_CHARACTERS ? 12 : 18, width: CONTENT_WIDTH, align: 'center' },
    INNER,
    doc.y + 6,
  );
  doc.fillColor(COLOURS.ink);
  doc.y += 6;

  sectionHeading(doc, 'Parties');
  detail(doc, 'Retired on behalf of', certificate.beneficiary, CONTENT_WIDTH);
  detail(doc, 'Registry', certificate.registry, CONTENT_WIDTH);

  sectionHeading(doc, 'Credits');
  const qrTop = doc.y;
  detail(doc, 'Quantity', `${certificate.quantity} ${certificate.unit} (${counted(certificate.quantity, 'credit')})`);
  detail(doc, 'Project', `${certificate.projectName} (${certificate.projectType})`);
  detail(doc, 'Vintage', String(certificate.vintage));
  detail(doc, 'Token', certificate.tokenId);
  detail(doc, 'Standard', certificate.standard);
  detail(doc, 'Offset type', certificate.offsetType);
  detail(doc, 'Methodology', certificate.methodology || 'not recorded');
  detail(doc, 'Retired at', certificate.retiredAt);
  const detailsBottom = doc.y;
  qrCode(doc, links.verifyUrl, PAGE.width - INNER - QR_SIZE, qrTop + 2);
  doc.y = Math.max(detailsBottom, qrTop + QR_SIZE + 14);
  detail(doc, 'Purpose', certificate.purpose || 'not stated', CONTENT_WIDTH);
  detail(doc, 'Use', retirementUseLabels[certificate.use ?? 'voluntary'], CONTENT_WIDTH);
  if (certificate.claims) detail(doc, 'Article 6', describeRetiredClaims(certificate.claims), CONTENT_WIDTH);

  sectionHeading(doc, 'Serial numbers');
  for (const range of ranges.slice(0, PRINTED_RANGES)) writeText(doc, range, { size: 8, width: CONTENT_WIDTH }, INNER, doc.y);
  if (ranges.length > PRINTED_RANGES) {
    writeText(doc, `... and ${ranges.length - PRINTED_RANGES} more ranges (see the certificate document)`, { size: 8, width: CONTENT_WIDTH }, INNER, doc.y);
  }

  const recordWidth = CONTENT_WIDTH - 100;
  sectionHeading(doc, 'XRP Ledger record', recordWidth);
  const sealTop = doc.y;
  if (verification.xrplTransactions.length > 0) {
    for (const transaction of verification.xrplTransactions)
      writeText(doc, `${transaction.purpose}: ${transaction.hash}`, { size: 8, width: recordWidth }, INNER, doc.y);
  } else {
    writeText(doc, 'Pending: not yet recorded on the XRP Ledger', { size: 9, width: recordWidth }, INNER, doc.y);
  }
  writeText(doc, `Status: ${retirement.verificationStatus} (${verification.network})`, { size: 9, width: recordWidth }, INNER, doc.y);

  sectionHeading(doc, 'Event-log seal', recordWidth);
  writeText(doc, `CreditsRetired event at log position ${certificate.logPosition}`, { size: 9, width: recordWidth }, INNER, doc.y);
  const sealLines = seal
    ? [
        `Seal #${seal.sealNumber}, sealed ${seal.sealedAt}, covering (${seal.fromPosition ?? 'start'}, ${seal.toPosition}]`,
        `Merkle root: ${seal.merkleRoot}`,
        `Seal hash: ${seal.sealHash}`,
        seal.anchorTxHash ? `Anchored on XRPL: ${seal.anchorTxHash}` : 'Not yet anchored on XRPL',
      ]
    : ['Not yet sealed: the next seal of the event log will cover it'];
  for (const line of sealLines) writeText(doc, line, { size: 8, width: recordWidth }, INNER, doc.y);
  sealMark(doc, retirement, PAGE.width - INNER - 44, sealTop + 52);

  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index++) {
    doc.switchToPage(index);
    frame(doc);
    footer(doc, retirement, links);
  }
  return pdfBuffer(doc);
}
