// Badge text on the Daily Locker's filled badges must reach WCAG AA (4.5:1): white on the theme's
// orange, red and blue is below it (axe flagged it on /dashboard/fan), black is above.
import { DEFAULT_THEME, luminance, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { readableTextOn } from '../../../src/features/locker/readable-text';
import { theme as appTheme } from '../../../src/theme';

const theme = mergeMantineTheme(DEFAULT_THEME, appTheme);
const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

describe('readableTextOn', () => {
  it.each(['orange', 'red', 'blue', 'yellow', 'green', 'grape', 'gray', 'pink', 'teal', 'violet'] as const)(
    '%s: the chosen text colour reaches 4.5:1 on the filled shade',
    (color) => {
      const background = luminance(theme.colors[color][7]);
      const text = readableTextOn(theme, color) === 'black' ? 0 : 1;
      expect(contrast(background, text)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('picks black where Mantine autoContrast keeps white (orange, red, blue)', () => {
    for (const color of ['orange', 'red', 'blue'] as const) expect(readableTextOn(theme, color)).toBe('black');
    expect(readableTextOn(theme, 'grape')).toBe('white');
  });
});
