export interface PdfLine {
  readonly text: string;
  readonly bold?: boolean;
  readonly size?: number;
  /** Space below the line, in points. */
  readonly gap?: number;
}

/** PDF text strings: escape delimiters; the standard fonts cover printable ASCII. */
function pdfText(text: string): string {
  return text.replace(/[^\x20-\x7E]/g, '?').replace(/([\\()])/g, '\\$1');
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

/** A single A4 page of text in the standard Helvetica fonts; no dependency needed. */
export function onePagePdf(lines: readonly PdfLine[]): Buffer {
  let y = 800;
  const operations: string[] = [];
  for (const line of lines) {
    const size = line.size ?? 10;
    for (const part of wrap(line.text, size)) {
      if (y < 40) break;
      operations.push(`BT /${line.bold ? 'F2' : 'F1'} ${size} Tf 50 ${y} Td (${pdfText(part)}) Tj ET`);
      y -= size + 4;
    }
    y -= (line.gap ?? 14) - 14;
  }
  const content = operations.join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
  ];
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
