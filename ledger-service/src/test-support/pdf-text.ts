import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * pdfkit maps a glyph that shaping added without a character of its own (Arabic hamza marks,
 * say) to nothing; pdf.js then reports the glyph's code, a control character.
 */
const UNMAPPED_GLYPH = /[^\P{Cc}\n]/gu;

export interface PdfText {
  readonly pages: number;
  /** Each page's text, lines joined by newlines, in reading order as pdf.js extracts it. */
  readonly pageTexts: readonly string[];
  /** All pages' text. */
  readonly text: string;
}

/** The text a PDF reader extracts from a PDF (pdf.js, as browsers use it). */
export async function pdfText(bytes: Uint8Array): Promise<PdfText> {
  const document = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
  try {
    const pageTexts: string[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str.replace(UNMAPPED_GLYPH, '') + (item.hasEOL ? '\n' : '');
      }
      pageTexts.push(text);
    }
    return { pages: document.numPages, pageTexts, text: pageTexts.join('\n') };
  } finally {
    await document.destroy();
  }
}
