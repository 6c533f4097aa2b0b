import { serialNumbersData } from '@carbon-ledger/contracts';
import { z } from 'zod';

/** The JSON-text fields of a retirement record, read leniently: a missing part is left out. */
const certificateData = z.object({
  type: z.string().optional(),
  creditType: z.string().optional(),
  methodology: z.string().optional(),
  impact: z.string().optional(),
  description: z.string().optional(),
  outcomes: z.array(z.string()).optional(),
  additionalInfo: z.string().optional(),
});
export type CertificateData = z.infer<typeof certificateData>;

const sdgImpact = z.object({
  impact: z.string().optional(),
  location: z.string().optional(),
  projectType: z.string().optional(),
  sdgs: z.array(z.number()).optional(),
  description: z.string().optional(),
  outcomes: z.array(z.string()).optional(),
});
export type SdgImpact = z.infer<typeof sdgImpact>;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function readCertificateData(text: string): CertificateData {
  const parsed = certificateData.safeParse(parseJson(text));
  return parsed.success ? parsed.data : {};
}

export function readSdgImpact(text: string): SdgImpact {
  const parsed = sdgImpact.safeParse(parseJson(text));
  return parsed.success ? parsed.data : {};
}

/** serialNumbers is JSON text ({ numbers, range, prefix, suffix }) or plain text listing the serials. */
export function readSerialNumbers(text: string): string[] {
  const parsed = serialNumbersData.safeParse(parseJson(text));
  if (parsed.success) return parsed.data.numbers.length > 0 ? parsed.data.numbers : [parsed.data.range].filter(Boolean);
  return text
    .split(/[\s,;]+/)
    .map((serial) => serial.trim())
    .filter(Boolean);
}

/** The product's serial display: up to 3 serial numbers, then '+N more' of the retired quantity. */
export const SERIALS_SHOWN = 3;

export function serialPreview(serials: readonly string[], quantity: number): { shown: string[]; more: number } {
  const shown = serials.slice(0, SERIALS_SHOWN);
  const total = Math.max(serials.length, quantity);
  return { shown, more: Math.max(0, total - shown.length) };
}
