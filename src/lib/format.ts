/** Formatting helpers shared by every screen: K/M numbers and en-US dates. */

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

function toDate(value: Date | string | number): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

// In the device's own time zone these are written out here, exactly as Intl's en-US formats them
// (a property test compares the two): the first Intl.DateTimeFormat a page builds costs ~15 ms of
// main thread (ICU's pattern data), 4× that on a phone, and the fan dashboard shows dates at once.
// Another time zone (tests, server-side rendering) goes through Intl.
const localDate = (date: Date) =>
  `${pad2(date.getMonth() + 1)}/${pad2(date.getDate())}/${pad2(date.getFullYear() % 100)}`;

function localTime(date: Date): string {
  const hours = date.getHours();
  return `${hours % 12 || 12}:${pad2(date.getMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** "11/20/26, 9:54 PM" — en-US, two-digit month/day/year, 12-hour time. Invalid input → "". */
export function formatDateTime(value: Date | string | number, timeZone?: string): string {
  const date = toDate(value);
  if (!date) return '';
  if (!timeZone) return `${localDate(date)}, ${localTime(date)}`;
  return new Intl.DateTimeFormat('en-US', { ...DATE_TIME_OPTIONS, timeZone }).format(date);
}

/** "11/20/26" — en-US, two-digit month/day/year. Invalid input → "". */
export function formatDate(value: Date | string | number, timeZone?: string): string {
  const date = toDate(value);
  if (!date) return '';
  if (!timeZone) return localDate(date);
  return new Intl.DateTimeFormat('en-US', { ...DATE_OPTIONS, timeZone }).format(date);
}

/** "2026-11-28" — the calendar date of `date` in the device's time zone. */
export function localCalendarDate(date: Date = new Date()): string {
  return `${date.getFullYear()}-${pad2(date.getMonth() + 1)}-${pad2(date.getDate())}`;
}

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Nov 23" — en-US short month and day of a calendar date ("2026-11-23"); "" if it is not one. */
export function formatShortCalendarDate(isoDate: string | undefined): string {
  const [year, month, day] = (isoDate ?? '').split('-').map(Number);
  if (!year || !month || !day || month > 12 || day > 31) return '';
  return `${SHORT_MONTHS[month - 1]} ${day}`;
}

/** File sizes as the upload dialog shows them: "3.42 MB". */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}
