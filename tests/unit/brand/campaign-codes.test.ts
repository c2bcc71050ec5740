/** The Create Campaign form's code pool: CSV upload (first column, header skipped), paste, generation. */
import { describe, expect, it } from 'vitest';
import {
  codesAddedText,
  codesCsv,
  generateCodes,
  parseCodeCsv,
  parseCodes,
} from '../../../src/features/brand/campaigns/api';

describe('campaign code pools', () => {
  it('reads the first column of a CSV, skipping a "code" header, quotes and duplicates', () => {
    const csv = 'code,note\r\n"AB-1","first, with comma"\nAB-2,x\n\nAB-1,dup\n  AB-3  ,y\n';
    expect(parseCodeCsv(csv)).toEqual(['AB-1', 'AB-2', 'AB-3']);
    expect(parseCodeCsv('ONLY-1\nONLY-2')).toEqual(['ONLY-1', 'ONLY-2']);
    expect(parseCodeCsv('')).toEqual([]);
  });

  it('splits pasted codes on lines, commas, semicolons and tabs', () => {
    expect(parseCodes('A1\nA2, A3;A4\tA1\n\n')).toEqual(['A1', 'A2', 'A3', 'A4']);
  });

  it('generates distinct readable codes with the prefix, and round-trips them through the CSV download', () => {
    const codes = generateCodes(2000, 'loop coffee!');
    expect(new Set(codes).size).toBe(2000);
    for (const c of codes) expect(c).toMatch(/^LOOPCOFFEE-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
    expect(generateCodes(3, '')[0]).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
    expect(parseCodeCsv(codesCsv(codes))).toEqual(codes);
  });

  it('says how many codes were added to a campaign and how many were skipped', () => {
    expect(codesAddedText({ added: 3, skipped: 0, code_count: 10 })).toBe('Added 3 codes.');
    expect(codesAddedText({ added: 1, skipped: 1, code_count: 4 })).toBe(
      'Added 1 code; 1 code was already in the pool and skipped.',
    );
    expect(codesAddedText({ added: 0, skipped: 1200, code_count: 1200 })).toBe(
      'Added 0 codes; 1,200 codes were already in the pool and skipped.',
    );
  });
});
