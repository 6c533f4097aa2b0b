import { type PdfLine, textPdf } from './text-pdf.js';

export type { PdfLine } from './text-pdf.js';

/** A single A4 page of text in the standard Helvetica fonts; text beyond the page is cut. */
export function onePagePdf(lines: readonly PdfLine[]): Buffer {
  return textPdf(lines, { maxPages: 1 });
}
