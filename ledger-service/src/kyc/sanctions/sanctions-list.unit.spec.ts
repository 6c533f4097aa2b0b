import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { nameSimilarity, nameTokens } from './name-matching.js';
import { loadSanctionsList, SAMPLE_SDN_PATH } from './sanctions-list.js';
import { parseCsvRecords, parseSdnCsv } from './sdn-csv.js';

describe('OFAC SDN CSV', () => {
  it('parses quoted fields with commas, doubled quotes, line breaks, CRLF and the trailing SUB byte', () => {
    const text = '1,"A, B","x ""y"" z"\r\n2,"multi\nline",-0- \r\n\u001a';
    expect(parseCsvRecords(text)).toEqual([
      ['1', 'A, B', 'x "y" z'],
      ['2', 'multi\nline', '-0- '],
    ]);
  });

  it('reads the bundled sample: ids, names, types (null for entities) and programs', () => {
    const entries = parseSdnCsv(readFileSync(SAMPLE_SDN_PATH, 'utf8'));
    expect(entries).toHaveLength(5);
    expect(entries[0]).toEqual({ entryId: '90001', name: 'SANCTIONED, Ivan Testovich', type: 'individual', program: 'FICTIONAL-TEST' });
    expect(entries[2]).toMatchObject({ name: 'EXAMPLE BLOCKED TRADING LLC', type: null });
    expect(entries[4]).toMatchObject({ type: 'vessel' });
  });
});

describe('name matching', () => {
  it('ignores case, diacritics, punctuation and word order', () => {
    expect(nameTokens('SANCTIONED, Ivan Testovich')).toEqual(['sanctioned', 'ivan', 'testovich']);
    expect(nameTokens('Ívan  Téstovich-Sanctioned')).toEqual(['ivan', 'testovich', 'sanctioned']);
    expect(nameTokens('Straße Øre Łódź')).toEqual(['strasse', 'ore', 'lodz']);
    expect(nameSimilarity(nameTokens('ivan testovich sanctioned'), nameTokens('SANCTIONED, Ivan Testovich'))).toBe(1);
  });

  it('scores a shared first name far below a full match', () => {
    expect(nameSimilarity(nameTokens('Ivan Petrov'), nameTokens('SANCTIONED, Ivan Testovich'))).toBeLessThan(0.8);
  });

  it('finds words written together', () => {
    expect(nameSimilarity(nameTokens('Alqadi Yasin'), nameTokens('AL-QADI, Yasin'))).toBeGreaterThan(0.9);
  });
});

describe('sanctions screening with the bundled sample', () => {
  const list = loadSanctionsList({});

  it('holds the people and entities (not the vessel) plus their aliases', () => {
    expect(list.size).toBe(6);
    expect(list.listName).toContain('sample');
  });

  it.each([['Ivan Testovich Sanctioned'], ['ívan TESTOVICH sanctioned'], ['Ivan Testovic Sanctioned'], ['Vanya Testovich'], ['Example Blocked Trading LLC']])(
    'hits %s',
    (name) => {
      const screening = list.screen(name);
      expect(screening.result).toBe('hit');
      expect(screening.matches[0]?.listName).toContain('OFAC SDN');
    },
  );

  it('sends a partial resemblance to review', () => {
    const screening = list.screen('Ivan Testovich');
    expect(screening.result).toBe('potential_match');
    expect(screening.matches[0]).toMatchObject({ entryId: '90001', matchedName: 'SANCTIONED, Ivan Testovich' });
  });

  it.each([['Alice Example'], ['Ivan Petrov'], ['Testship One']])('clears %s', (name) => {
    expect(list.screen(name)).toMatchObject({ result: 'clear', matches: [] });
  });
});
