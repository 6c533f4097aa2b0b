import { describe, expect, it } from 'vitest';
import { pdfText } from '../../test-support/pdf-text.js';
import { scriptRuns } from './pdf-fonts.js';
import { textPdf } from './text-pdf.js';

const lines = (n: number) => Array.from({ length: n }, (_, index) => ({ text: `Line ${index + 1}` }));
const NAMES = ['Łódź Spółdzielnia', 'Ελληνική', 'Москва', 'أحمد', '北京'];

describe('text PDF', () => {
  it('splits text into runs of one script, neutral characters joining their neighbours', () => {
    expect(scriptRuns('For: أحمد علي (北京) Москва')).toEqual([
      { script: 'general', text: 'For: ' },
      { script: 'arabic', text: 'أحمد علي' },
      { script: 'cjk', text: ' (北京) ' },
      { script: 'general', text: 'Москва' },
    ]);
  });

  it('starts a new page when the text runs past the foot of one, and numbers the pages', async () => {
    const pdf = await textPdf(lines(120), { title: 'Lines', footer: (page, pages) => `page ${page} of ${pages}` });
    const extracted = await pdfText(pdf);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(extracted.pages).toBe(3);
    expect(extracted.text).toContain('Line 120');
    expect(extracted.pageTexts[2]).toContain('page 3 of 3');
  });

  it('prints Latin, Greek, Cyrillic, Arabic and CJK as written, and wraps long lines instead of cutting them', async () => {
    const long = `${'word '.repeat(60)}end`;
    const pdf = await textPdf([...NAMES.map((text) => ({ text })), { text: long }], { title: 'Names' });
    const { text } = await pdfText(pdf);
    for (const name of NAMES) expect(text).toContain(name);
    expect(text).toContain('end');
    expect(text.split('\n').filter((line) => line.includes('word')).length).toBeGreaterThan(1);
  });

  it('one page at most: cuts what does not fit', async () => {
    const pdf = await textPdf([...lines(120), { text: 'never shown' }], { title: 'One page', maxPages: 1 });
    const extracted = await pdfText(pdf);
    expect(extracted.pages).toBe(1);
    expect(extracted.text).not.toContain('never shown');
  });
});
