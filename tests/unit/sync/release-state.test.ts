import { describe, expect, it } from 'vitest';
import { publishChange, releaseStateOf, unpublishChange } from '../../../sync/content/release-state';

const NOW = Date.parse('2026-11-26T12:00:00Z');

describe('release state (the server’s model: released = public or unlock date passed)', () => {
  it('public is released whatever the date', () => {
    expect(releaseStateOf({ is_public: true, unlock_date: null }, NOW)).toBe('released');
    expect(releaseStateOf({ is_public: true, unlock_date: '2027-01-01T00:00:00Z' }, NOW)).toBe('released');
  });

  it('not public: no date is a draft, a future date scheduled, a past or present date released', () => {
    expect(releaseStateOf({ is_public: false, unlock_date: null }, NOW)).toBe('draft');
    expect(releaseStateOf({ is_public: false, unlock_date: '2026-11-26T12:00:01Z' }, NOW)).toBe('scheduled');
    expect(releaseStateOf({ is_public: false, unlock_date: '2026-11-26T12:00:00Z' }, NOW)).toBe('released');
    expect(releaseStateOf({ is_public: false, unlock_date: '2026-11-01T00:00:00Z' }, NOW)).toBe('released');
  });

  it('an unparsable date counts as no date (a draft, never released by accident)', () => {
    expect(releaseStateOf({ is_public: false, unlock_date: 'soon' }, NOW)).toBe('draft');
  });

  it('publish releases any item now; unpublish makes any item a draft, even one released by date', () => {
    const past = { is_public: false, unlock_date: '2026-01-01T00:00:00Z' };
    const future = { is_public: false, unlock_date: '2027-01-01T00:00:00Z' };
    for (const item of [past, future, { is_public: true, unlock_date: null }]) {
      expect(releaseStateOf({ ...item, ...publishChange() }, NOW)).toBe('released');
      expect(releaseStateOf({ ...item, ...unpublishChange() }, NOW)).toBe('draft');
    }
  });
});
