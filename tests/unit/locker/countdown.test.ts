import { describe, expect, it } from 'vitest';
import { countdownColor, formatTimeLeft, minutesLeftAfter } from '../../../src/features/locker/countdown';

describe('formatTimeLeft', () => {
  it('says EXPIRED at 0 or less', () => {
    expect(formatTimeLeft(0)).toBe('EXPIRED');
    expect(formatTimeLeft(-5)).toBe('EXPIRED');
    expect(formatTimeLeft(Number.NaN)).toBe('EXPIRED');
  });
  it('shows minutes under an hour', () => {
    expect(formatTimeLeft(1)).toBe('1m');
    expect(formatTimeLeft(59)).toBe('59m');
  });
  it('shows hours and minutes under a day', () => {
    expect(formatTimeLeft(60)).toBe('1h 0m');
    expect(formatTimeLeft(150)).toBe('2h 30m');
    expect(formatTimeLeft(1439)).toBe('23h 59m');
  });
  it('shows days and hours from a day on', () => {
    expect(formatTimeLeft(1440)).toBe('1d 0h');
    expect(formatTimeLeft(2 * 1440 + 5 * 60 + 30)).toBe('2d 5h');
  });
});

describe('countdownColor', () => {
  it('is red at 60 minutes or less, including expired', () => {
    expect(countdownColor(60)).toBe('red');
    expect(countdownColor(1)).toBe('red');
    expect(countdownColor(0)).toBe('red');
    expect(countdownColor(-10)).toBe('red');
  });
  it('is yellow above 60 up to 180', () => {
    expect(countdownColor(61)).toBe('yellow');
    expect(countdownColor(180)).toBe('yellow');
  });
  it('is green above 180', () => {
    expect(countdownColor(181)).toBe('green');
    expect(countdownColor(5000)).toBe('green');
  });
});

describe('minutesLeftAfter', () => {
  it('counts down once per whole minute', () => {
    expect(minutesLeftAfter(45, 0)).toBe(45);
    expect(minutesLeftAfter(45, 59_999)).toBe(45);
    expect(minutesLeftAfter(45, 60_000)).toBe(44);
    expect(minutesLeftAfter(1, 120_000)).toBe(-1);
  });
});
