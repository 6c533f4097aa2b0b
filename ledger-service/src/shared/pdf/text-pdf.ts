import { newPdf, pdfBuffer, writeText } from './pdf-document.js';

export interface PdfLine {
  readonly text: string;
  readonly bold?: boolean;
  readonly size?: number;
  /** Space below the line, in points. */
  readonly gap?: number;
}

export interface TextPdfOptions {
  readonly title: string;
  /** Pages beyond this are dropped (the text is cut short). */
  readonly maxPages?: number;
  /** A small line at the foot of every page, e.g. "Page 2 of 5". */
  readonly footer?: (page: number, pages: number) => string;
}

const MARGIN = 50;
const FOOTER_SIZE = 8;
const BODY_SIZE = 10;
/** What the hand-written PDF put between lines: the gap counts from the line's foot at this default. */
const DEFAULT_GAP = 14;

/** A4 pages of flowing text, as many as the lines need (up to maxPages), wrapped to the page width. */
export async function textPdf(lines: readonly PdfLine[], options: TextPdfOptions): Promise<Buffer> {
  const doc = newPdf({ title: options.title, margin: MARGIN });
  const maxPages = options.maxPages ?? Number.POSITIVE_INFINITY;
  const bottom = doc.page.height - MARGIN;
  for (const line of lines) {
    const size = line.size ?? BODY_SIZE;
    doc.fontSize(size);
    const lineGap = Math.max(0, (line.gap ?? DEFAULT_GAP) - size - 4);
    if (doc.bufferedPageRange().count >= maxPages && doc.y + doc.heightOfString(line.text || ' ') > bottom) break;
    writeText(doc, line.text || ' ', { bold: line.bold, size, paragraphGap: lineGap, lineGap: 2 });
  }
  if (options.footer) {
    const { start, count } = doc.bufferedPageRange();
    for (let index = start; index < start + count; index++) {
      doc.switchToPage(index);
      // Inside the bottom margin: lift the margin so pdfkit does not start another page.
      doc.page.margins.bottom = 0;
      writeText(doc, options.footer(index - start + 1, count), { size: FOOTER_SIZE, lineBreak: false }, MARGIN, doc.page.height - 30);
      doc.page.margins.bottom = MARGIN;
    }
  }
  return pdfBuffer(doc);
}
