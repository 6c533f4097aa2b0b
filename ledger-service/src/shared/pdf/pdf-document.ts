import PDFDocument from 'pdfkit';
import { fontBytes, fontName, type PdfScript, type PdfWeight, RUN_FEATURES, scriptRuns } from './pdf-fonts.js';

export type Pdf = PDFKit.PDFDocument;

const SCRIPTS: readonly PdfScript[] = ['general', 'arabic', 'cjk'];
const WEIGHTS: readonly PdfWeight[] = ['regular', 'bold'];

export interface NewPdfOptions {
  readonly title: string;
  readonly margin?: number | { top: number; bottom: number; left: number; right: number };
}

/** An A4 document with the Noto fonts registered; pages are buffered so footers can be added at the end. */
export function newPdf(options: NewPdfOptions): Pdf {
  const doc = new PDFDocument({
    size: 'A4',
    ...(typeof options.margin === 'object' ? { margins: options.margin } : { margin: options.margin ?? 50 }),
    bufferPages: true,
    info: { Title: options.title, Producer: 'Carbon Ledger', Creator: 'Carbon Ledger' },
    lang: 'en',
  });
  for (const script of SCRIPTS) {
    for (const weight of WEIGHTS) doc.registerFont(fontName(script, weight), fontBytes(script, weight));
  }
  doc.font(fontName('general', 'regular'));
  return doc;
}

export interface WriteOptions extends PDFKit.Mixins.TextOptions {
  readonly bold?: boolean;
  readonly size?: number;
}

/** pdfkit keeps the current font's ascender (in 1/1000 em) and size on fields its types leave out. */
function fontMetrics(doc: Pdf): { ascender: number; size: number } {
  const current = doc as unknown as { _font: { ascender: number }; _fontSize: number };
  return { ascender: current._font.ascender, size: current._fontSize };
}

/**
 * Writes one paragraph, each run of script in its own font, wrapped to the width (pdfkit's line
 * wrapper breaks at Unicode line-break opportunities, CJK included). Without x and y it flows
 * from the current position.
 */
export function writeText(doc: Pdf, text: string, options: WriteOptions = {}, x?: number, y?: number): Pdf {
  const { bold, size, ...textOptions } = options;
  const weight: PdfWeight = bold ? 'bold' : 'regular';
  if (size) doc.fontSize(size);
  // Every run sits on the baseline of the Latin font: each Noto font has its own ascender, and
  // pdfkit would otherwise hang each run from the top of its own font.
  doc.font(fontName('general', weight));
  const baseline = -(fontMetrics(doc).ascender / 1000) * fontMetrics(doc).size;
  const runs = scriptRuns(text);
  if (runs.length === 0) runs.push({ script: 'general', text: '' });
  const mixed = runs.length > 1;
  const width = textOptions.width;
  if (mixed && textOptions.align === 'center' && x !== undefined && y !== undefined && width !== undefined) {
    // pdfkit centres each continued fragment on its own; centre the whole line instead when it fits.
    const widths = runs.map((run) => doc.font(fontName(run.script, weight)).widthOfString(run.text, { features: RUN_FEATURES[run.script] }));
    const total = widths.reduce((sum, next) => sum + next, 0);
    if (total <= width) {
      let left = x + (width - total) / 2;
      runs.forEach((run, index) => {
        doc
          .font(fontName(run.script, weight))
          .text(run.text, left, y, { ...textOptions, baseline, align: 'left', width: undefined, lineBreak: false, features: RUN_FEATURES[run.script] });
        left += widths[index] ?? 0;
      });
      doc.font(fontName('general', weight));
      doc.x = x;
      doc.y = y + doc.currentLineHeight(true);
      doc.font(fontName('general', 'regular'));
      return doc;
    }
  }
  const align = mixed && textOptions.align === 'center' ? 'left' : textOptions.align;
  runs.forEach((run, index) => {
    doc.font(fontName(run.script, weight));
    const runOptions = { baseline, ...textOptions, align, features: RUN_FEATURES[run.script], continued: index < runs.length - 1 };
    if (index === 0 && x !== undefined) doc.text(run.text, x, y, runOptions);
    else doc.text(run.text, runOptions);
  });
  doc.font(fontName('general', 'regular'));
  return doc;
}

/** The document's bytes once pdfkit has written them all. */
export function pdfBuffer(doc: Pdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}
