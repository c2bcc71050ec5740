import { describe, expect, it } from 'vitest';
import { positionLabel, visibleIndices, wrapIndex } from '../../../src/features/locker/carousel-indices';

describe('wrapIndex', () => {
  it('wraps past both ends', () => {
    expect(wrapIndex(-1, 6)).toBe(5);
    expect(wrapIndex(6, 6)).toBe(0);
    expect(wrapIndex(13, 6)).toBe(1);
    expect(wrapIndex(-7, 6)).toBe(5);
  });
  it('is 0 for an empty list', () => {
    expect(wrapIndex(3, 0)).toBe(0);
  });
});

describe('visibleIndices', () => {
  it('shows previous, current and next with wrap-around', () => {
    expect(visibleIndices(0, 6)).toEqual({ previous: 5, current: 0, next: 1 });
    expect(visibleIndices(5, 6)).toEqual({ previous: 4, current: 5, next: 0 });
    expect(visibleIndices(-1, 3)).toEqual({ previous: 1, current: 2, next: 0 });
  });
  it('never shows a card twice with one or two items', () => {
    expect(visibleIndices(0, 1)).toEqual({ previous: null, current: 0, next: null });
    expect(visibleIndices(1, 2)).toEqual({ previous: null, current: 1, next: 0 });
  });
});

describe('positionLabel', () => {
  it("reads 'n of m'", () => {
    expect(positionLabel(0, 6)).toBe('1 of 6');
    expect(positionLabel(6, 6)).toBe('1 of 6');
    expect(positionLabel(-1, 6)).toBe('6 of 6');
    expect(positionLabel(0, 0)).toBe('0 of 0');
  });
});
