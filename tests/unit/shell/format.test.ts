import { describe, expect, it } from 'vitest';
import { formatCompactNumber, formatDate, formatDateTime, formatMegabytes } from '../../../src/lib/format';

describe('formatCompactNumber (K/M)', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1_000, '1K'],
    [1_500, '1.5K'],
    [12_340, '12.3K'],
    [999_949, '999.9K'],
    [999_950, '1M'],
    [1_000_000, '1M'],
    [2_340_000, '2.3M'],
    [-4_200, '-4.2K'],
    [Number.NaN, '0'],
  ])('%d → %s', (value, expected) => {
    expect(formatCompactNumber(value)).toBe(expected);
  });
});

describe('en-US dates', () => {
  const instant = new Date('2026-03-07T21:05:00Z');
  it('uses two-digit month/day/year and 12-hour time', () => {
    expect(formatDateTime(instant, 'UTC')).toBe('03/07/26, 9:05 PM');
    expect(formatDateTime('2026-11-20T00:30:00Z', 'UTC')).toBe('11/20/26, 12:30 AM');
  });
  it('formats dates alone', () => {
    expect(formatDate(instant, 'UTC')).toBe('03/07/26');
  });
  it('returns an empty string for invalid input', () => {
    expect(formatDateTime('not a date')).toBe('');
    expect(formatDate(Number.NaN)).toBe('');
  });
});

describe('formatMegabytes', () => {
  it('shows MB with two decimals', () => {
    expect(formatMegabytes(3_586_000)).toBe('3.42 MB');
    expect(formatMegabytes(0)).toBe('0.00 MB');
  });
});
