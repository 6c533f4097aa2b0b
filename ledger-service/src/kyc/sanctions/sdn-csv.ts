/**
 * The OFAC SDN list in its published CSV form (https://ofac.treasury.gov/,
 * "SDN List - CSV": sdn.csv and alt.csv; layout in OFAC's dat_spec.txt).
 *
 * sdn.csv has no header row; one record per listed party, 12 columns:
 *   1 ent_num     unique listing id (links alt.csv rows)
 *   2 SDN_Name    name; individuals as "LAST, First Middle"
 *   3 SDN_Type    "individual", "vessel", "aircraft", or null for entities
 *   4 Program     sanctions programme(s), e.g. "SDGT] [IRGC"
 *   5 Title       title of an individual
 *   6 Call_Sign   7 Vess_type   8 Tonnage   9 GRT   10 Vess_flag   11 Vess_owner   (vessels)
 *   12 Remarks    free text: DOB, POB, nationality, passport numbers, a.k.a. ...
 * alt.csv: 1 ent_num, 2 alt_num, 3 alt_type ("aka", "fka", "nka"), 4 alt_name, 5 alt_remarks.
 * Fields are comma-separated and double-quoted ("" inside a quote is a quote);
 * "-0-" (often "-0- ") means null; the file may end with a SUB (0x1A) byte.
 */

export interface SdnEntry {
  readonly entryId: string;
  readonly name: string;
  /** null for entities (companies, organisations). */
  readonly type: 'individual' | 'vessel' | 'aircraft' | null;
  readonly program: string | null;
}

export interface SdnAlias {
  readonly entryId: string;
  readonly aliasType: string | null;
  readonly name: string;
}

/** RFC 4180 records: quoted fields may hold commas, doubled quotes and line breaks. */
export function parseCsvRecords(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  let fieldStarted = false;
  const endField = (): void => {
    record.push(field);
    field = '';
    fieldStarted = false;
  };
  const endRecord = (): void => {
    if (fieldStarted || record.length > 0 || field.length > 0) {
      endField();
      records.push(record);
    }
    record = [];
  };
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char !== '"') field += char;
      else if (text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else quoted = false;
      continue;
    }
    if (char === '"') {
      quoted = true;
      fieldStarted = true;
    } else if (char === ',') {
      endField();
      fieldStarted = true;
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      endRecord();
    } else if (char !== '\u001a') {
      field += char;
      fieldStarted = true;
    }
  }
  endRecord();
  return records;
}

function nullable(value: string | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' || trimmed === '-0-' ? null : trimmed;
}

const TYPES = new Set(['individual', 'vessel', 'aircraft']);

export function parseSdnCsv(text: string): SdnEntry[] {
  const entries: SdnEntry[] = [];
  for (const record of parseCsvRecords(text)) {
    const entryId = nullable(record[0]);
    const name = nullable(record[1]);
    if (!entryId || !/^\d+$/.test(entryId) || !name) continue;
    const type = nullable(record[2])?.toLowerCase() ?? null;
    entries.push({
      entryId,
      name,
      type: type && TYPES.has(type) ? (type as SdnEntry['type']) : null,
      program: nullable(record[3]),
    });
  }
  return entries;
}

export function parseAltCsv(text: string): SdnAlias[] {
  const aliases: SdnAlias[] = [];
  for (const record of parseCsvRecords(text)) {
    const entryId = nullable(record[0]);
    const name = nullable(record[3]);
    if (!entryId || !/^\d+$/.test(entryId) || !name) continue;
    aliases.push({ entryId, aliasType: nullable(record[2]), name });
  }
  return aliases;
}
