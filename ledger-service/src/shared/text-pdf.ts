export interface PdfLine {
  readonly text: string;
  readonly bold?: boolean;
  readonly size?: number;
  /** Space below the line, in points. */
  readonly gap?: number;
}

export interface TextPdfOptions {
  /** Pages beyond this are dropped (the text is cut short). */
  readonly maxPages?: number;
  /** A small line at the foot of every page, e.g. "Page 2 of 5". */
  readonly footer?: (page: number, pages: number) => string;
}

const TOP = 800;
const BOTTOM = 40;

/**
 * PDF text strings: escape delimiters. The fonts use WinAnsiEncoding, which agrees with
 * Latin-1 for printable ASCII and U+00A0..U+00FF; anything else shows as '?'.
 */
function pdfText(text: string): string {
  return text.replace(/[^\x20-\x7E\xA0-\xFF]/g, '?').replace(/([\\()])/g, '\\$1');
}

/** Wraps at roughly the page width for Helvetica at the given size. */
function wrap(text: string, size: number): string[] {
  const limit = Math.floor(495 / (size * 0.5));
  const lines: string[] = [];
  let rest = text;
  while (rest.length > limit) {
    const cut = rest.lastIndexOf(' ', limit) > limit / 2 ? rest.lastIndexOf(' ', limit) : limit;
    lines.push(rest.slice(0, cut));
    rest = rest.slice(cut).trimStart();
  }
  lines.push(rest);
  return lines;
}

/** The text operations of each page: a line that does not fit starts the next page. */
function layOut(lines: readonly PdfLine[]): string[][] {
  const pages: string[][] = [[]];
  let y = TOP;
  for (const line of lines) {
    const size = line.size ?? 10;
    for (const part of wrap(line.text, size)) {
      if (y < BOTTOM) {
        pages.push([]);
        y = TOP;
      }
      pages.at(-1)!.push(`BT /${line.bold ? 'F2' : 'F1'} ${size} Tf 50 ${y} Td (${pdfText(part)}) Tj ET`);
      y -= size + 4;
    }
    y -= (line.gap ?? 14) - 14;
  }
  return pages;
}

/** A4 pages of text in the standard Helvetica fonts, as many as the lines need; no dependency needed. */
export function textPdf(lines: readonly PdfLine[], options: TextPdfOptions = {}): Buffer {
  const pages = layOut(lines).slice(0, options.maxPages ?? Number.POSITIVE_INFINITY);
  const fontObject = 3 + pages.length * 2;
  const objects: string[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pages.map((_, index) => `${3 + index * 2} 0 R`).join(' ')}] /Count ${pages.length} >>`,
  ];
  pages.forEach((operations, index) => {
    const footer = options.footer?.(index + 1, pages.length);
    const content = [...operations, ...(footer ? [`BT /F1 8 Tf 50 22 Td (${pdfText(footer)}) Tj ET`] : [])].join('\n');
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents ${4 + index * 2} 0 R /Resources << /Font << /F1 ${fontObject} 0 R /F2 ${fontObject + 1} 0 R >> >> >>`,
      `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    );
  });
  objects.push(
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
  );
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
