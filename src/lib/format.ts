/** Formatting helpers shared by every screen: K/M numbers and en-US dates (spec §2 fan dashboard, §9). */

/** 999 → "999", 1_500 → "1.5K", 12_000 → "12K", 2_340_000 → "2.3M". Negative numbers keep their sign. */
export function formatCompactNumber(value: number): string {
  if (!Number.isFinite(value)) return '0';
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  const trim = (n: number) => n.toFixed(1).replace(/\.0$/, '');
  if (abs >= 1_000_000) {
    return `${sign}${trim(abs / 1_000_000)}M`;
  }
  if (abs >= 1_000) {
    const k = abs / 1_000;
    // 999_950 would round to "1000.0K": show it as millions instead.
    if (Number(k.toFixed(1)) >= 1_000) return `${sign}1M`;
    return `${sign}${trim(k)}K`;
  }
  return `${sign}${Math.round(abs)}`;
}

const DATE_TIME_OPTIONS: Intl.DateTimeFormatOptions = {
  month: '2-digit',
  day: '2-digit',
  year: '2-digit',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
};
const DATE_OPTIONS: Intl.DateTimeFormatOptions = { month: '2-digit', day: '2-digit', year: '2-digit' };
// Built on first use: constructing an Intl formatter costs tens of milliseconds on a phone, and
// most screens importing this module (the catalog) never format a date.
let dateTime: Intl.DateTimeFormat | undefined;
let dateOnly: Intl.DateTimeFormat | undefined;

function toDate(value: Date | string | number): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "11/20/26, 9:54 PM" — en-US, two-digit month/day/year, 12-hour time. Invalid input → "". */
export function formatDateTime(value: Date | string | number, timeZone?: string): string {
  const date = toDate(value);
  if (!date) return '';
  return (
    timeZone
      ? new Intl.DateTimeFormat('en-US', { ...DATE_TIME_OPTIONS, timeZone })
      : (dateTime ??= new Intl.DateTimeFormat('en-US', DATE_TIME_OPTIONS))
  ).format(date);
}

/** "11/20/26" — en-US, two-digit month/day/year. Invalid input → "". */
export function formatDate(value: Date | string | number, timeZone?: string): string {
  const date = toDate(value);
  if (!date) return '';
  return (
    timeZone
      ? new Intl.DateTimeFormat('en-US', { ...DATE_OPTIONS, timeZone })
      : (dateOnly ??= new Intl.DateTimeFormat('en-US', DATE_OPTIONS))
  ).format(date);
}

/** File sizes as the upload dialog shows them: "3.42 MB". */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}
