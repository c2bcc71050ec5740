import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatCompactNumber,
  formatDate,
  formatDateTime,
  formatMegabytes,
  formatShortCalendarDate,
} from '../../../src/lib/format';

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
  it("writes the device's local time exactly as Intl's en-US does (any instant, 1970–2099)", () => {
    const intlDateTime = new Intl.DateTimeFormat('en-US', {
      month: '2-digit',
      day: '2-digit',
      year: '2-digit',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
    });
    const intlDate = new Intl.DateTimeFormat('en-US', { month: '2-digit', day: '2-digit', year: '2-digit' });
    const instants = fc.date({
      min: new Date('1970-01-01T00:00:00Z'),
      max: new Date('2099-12-31T23:59:59Z'),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(instants, (instant) => {
        expect(formatDateTime(instant)).toBe(intlDateTime.format(instant));
        expect(formatDate(instant.getTime())).toBe(intlDate.format(instant));
      }),
      { numRuns: 2_000 },
    );
    // Midnight and noon are the 12-hour clock's edges.
    expect(formatDateTime(new Date(2026, 10, 20, 0, 5))).toBe('11/20/26, 12:05 AM');
    expect(formatDateTime(new Date(2026, 10, 20, 12, 0))).toBe('11/20/26, 12:00 PM');
  });
  it('writes calendar days as short month and day, as Intl en-US does', () => {
    const short = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
    for (let month = 1; month <= 12; month += 1)
      for (const day of [1, 9, 28])
        expect(formatShortCalendarDate(`2026-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`)).toBe(
          short.format(new Date(2026, month - 1, day)),
        );
    expect(formatShortCalendarDate(undefined)).toBe('');
    expect(formatShortCalendarDate('2026-13-01')).toBe('');
    expect(formatShortCalendarDate('soon')).toBe('');
  });
});

describe('formatMegabytes', () => {
  it('shows MB with two decimals', () => {
    expect(formatMegabytes(3_586_000)).toBe('3.42 MB');
    expect(formatMegabytes(0)).toBe('0.00 MB');
  });
});
