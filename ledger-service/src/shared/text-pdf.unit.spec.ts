import { describe, expect, it } from 'vitest';
import { onePagePdf } from './one-page-pdf.js';
import { textPdf } from './text-pdf.js';

const pageCount = (pdf: Buffer): number => Number(/\/Type \/Pages \/Kids \[[^\]]*\] \/Count (\d+)/.exec(pdf.toString('latin1'))?.[1]);
const lines = (n: number) => Array.from({ length: n }, (_, index) => ({ text: `Line ${index + 1}` }));

describe('text PDF', () => {
  it('starts a new page when the text runs past the foot of one, and numbers the pages', () => {
    const pdf = textPdf(lines(120), { footer: (page, pages) => `page ${page} of ${pages}` });
    const text = pdf.toString('latin1');

    expect(text.startsWith('%PDF-1.4\n')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(pageCount(pdf)).toBe(3);
    expect(text.match(/\/Type \/Page \//g)).toHaveLength(3);
    expect(text).toContain('(Line 120) Tj');
    expect(text).toContain('(page 3 of 3) Tj');
  });

  it('keeps the byte offsets of its cross-reference table right', () => {
    const pdf = textPdf(lines(70));
    const text = pdf.toString('latin1');
    const xref = Number(/startxref\n(\d+)/.exec(text)?.[1]);
    expect(text.slice(xref, xref + 4)).toBe('xref');
    const offsets = [...text.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((match) => Number(match[1]));
    offsets.forEach((offset, index) => expect(text.slice(offset).startsWith(`${index + 1} 0 obj`)).toBe(true));
  });

  it('one-page PDF: cuts what does not fit, escapes delimiters, prints Latin-1 and marks the rest', () => {
    const pdf = onePagePdf([...lines(120), { text: 'never shown' }]);
    expect(pageCount(pdf)).toBe(1);
    expect(pdf.toString('latin1')).not.toContain('never shown');
    const text = onePagePdf([{ text: 'Société (Paris) \\ 東京' }]).toString('latin1');
    expect(text).toContain('(Société \\(Paris\\) \\\\ ??) Tj');
  });
});
