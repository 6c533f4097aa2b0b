import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The scripts a run of text is printed in; each has its own Noto font. */
export type PdfScript = 'general' | 'arabic' | 'cjk';
export type PdfWeight = 'regular' | 'bold';

/** Noto fonts shipped as TTF in npm packages: Latin, Greek and Cyrillic; Arabic; Chinese (with kana and CJK punctuation). */
const FONT_FILES: Record<PdfScript, Record<PdfWeight, string>> = {
  general: {
    regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  },
  arabic: {
    regular: '@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-arabic/700Bold/NotoSansArabic_700Bold.ttf',
  },
  cjk: {
    regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
  },
};

const loaded = new Map<string, Buffer>();

/** The font file's bytes, read once per process (the CJK fonts are about 10 MB each). */
export function fontBytes(script: PdfScript, weight: PdfWeight): Buffer {
  const name = FONT_FILES[script][weight];
  let bytes = loaded.get(name);
  if (!bytes) {
    bytes = readFileSync(require.resolve(name));
    loaded.set(name, bytes);
  }
  return bytes;
}

export const fontName = (script: PdfScript, weight: PdfWeight): string => `${script}-${weight}`;

const ARABIC = /[\p{Script=Arabic}]/u;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Bopomofo}\u3000-\u303f\uff00-\uffef]/u;
/** Spaces, digits and punctuation belong to whichever script surrounds them. */
const NEUTRAL = /[\p{Script=Common}\p{Script=Inherited}]/u;

export interface ScriptRun {
  readonly script: PdfScript;
  readonly text: string;
}

function scriptOf(char: string): PdfScript | null {
  if (ARABIC.test(char)) return 'arabic';
  if (CJK.test(char)) return 'cjk';
  if (NEUTRAL.test(char)) return null;
  return 'general';
}

/**
 * Splits text into runs of one script each. Neutral characters join the run they sit in; those
 * between an Arabic run and another script go to the other script, so a run of Arabic never
 * carries a trailing space or colon to the wrong side.
 */
export function scriptRuns(text: string): ScriptRun[] {
  const runs: { script: PdfScript; text: string }[] = [];
  let pending = '';
  for (const char of text) {
    const script = scriptOf(char);
    const last = runs.at(-1);
    if (script === null) {
      pending += char;
      continue;
    }
    if (last && last.script === script) {
      last.text += pending + char;
    } else if (last && last.script !== 'arabic' && pending) {
      last.text += pending;
      runs.push({ script, text: char });
    } else {
      runs.push({ script, text: pending + char });
    }
    pending = '';
  }
  if (pending) {
    const last = runs.at(-1);
    if (last && last.script !== 'arabic') last.text += pending;
    else runs.push({ script: 'general', text: pending });
  }
  return runs;
}

/**
 * pdfkit lays out each word of a fragment on its own unless OpenType features are given; an
 * Arabic run is laid out whole (fontkit shapes it and puts it in visual order, spaces included).
 */
export const RUN_FEATURES: Partial<Record<PdfScript, PDFKit.Mixins.OpenTypeFeatures[]>> = { arabic: ['rlig', 'calt', 'kern', 'mark', 'mkmk'] };
