import { describe, expect, it } from 'vitest';
import { MAX_REDEMPTIONS, parseRedemptionCsv } from '../../../src/features/brand/campaigns/analytics-api';

describe('parseRedemptionCsv', () => {
  it('reads code, redeemed_at and an optional amount in cents, any header case, CRLF or LF', () => {
    const text = 'Code,Redeemed_At,amount_cents\r\nLOOP-1,2026-11-28T10:00:00Z,1299\nLOOP-2,2026-11-27,\n\n';
    expect(parseRedemptionCsv(text)).toEqual([
      { code: 'LOOP-1', redeemed_at: '2026-11-28T10:00:00.000Z', amount_cents: 1299 },
      { code: 'LOOP-2', redeemed_at: '2026-11-27T00:00:00.000Z', amount_cents: null },
    ]);
  });

  it('says what is wrong with a bad file, naming the line', () => {
    expect(() => parseRedemptionCsv('LOOP-1,2026-11-28\n')).toThrow(/header row with the columns code and redeemed_at/);
    expect(() => parseRedemptionCsv('code,redeemed_at\n')).toThrow(/no redemptions/);
    expect(() => parseRedemptionCsv('code,redeemed_at\nA,2026-11-28\n,2026-11-28')).toThrow(
      /Line 3: the code is empty/,
    );
    expect(() => parseRedemptionCsv('code,redeemed_at\nA,soon')).toThrow(/Line 2: redeemed_at “soon” is not a date/);
    expect(() => parseRedemptionCsv('code,redeemed_at,amount_cents\nA,2026-11-28,12.50')).toThrow(
      /Line 2: amount_cents “12.50” is not a whole number/,
    );
    const many = `code,redeemed_at\n${Array.from({ length: MAX_REDEMPTIONS + 1 }, (_, i) => `C${i},2026-11-28`).join('\n')}`;
    expect(() => parseRedemptionCsv(many)).toThrow(/At most 10,000/);
  });
});
