import { luminance, type MantineColor, type MantineTheme } from '@mantine/core';

/**
 * Black or white, whichever has the higher WCAG contrast on a filled badge of `color` (the theme's
 * filled shade). Mantine's autoContrast switches at a fixed luminance (0.3), which leaves white on
 * orange, red and blue — about 3:1 to 4:1, below AA for badge-sized text.
 */
export function readableTextOn(theme: MantineTheme, color: MantineColor): 'black' | 'white' {
  const shade = typeof theme.primaryShade === 'number' ? theme.primaryShade : theme.primaryShade.dark;
  const background = theme.colors[color]?.[shade];
  if (!background) return 'white';
  const light = luminance(background);
  const onWhite = 1.05 / (light + 0.05);
  const onBlack = (light + 0.05) / 0.05;
  return onBlack > onWhite ? 'black' : 'white';
}
