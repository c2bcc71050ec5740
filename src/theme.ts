import { createTheme, type CSSVariablesResolver } from '@mantine/core';

/** One theme for the whole app. Role colours live in src/lib/roles.ts as Mantine colour names. */
export const theme = createTheme({
  primaryColor: 'violet',
  // Shade 7 keeps white button labels above WCAG AA contrast in both schemes.
  primaryShade: { light: 7, dark: 7 },
  defaultRadius: 'md',
  // Filled components pick black or white text by background luminance (yellow fan buttons stay readable).
  autoContrast: true,
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  cursorType: 'pointer',
  respectReducedMotion: true,
});

/** Mantine's default "dimmed" text is below 4.5:1 on both backgrounds; lift it to AA. */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: { '--mantine-color-dimmed': t.colors.gray[7] },
  dark: { '--mantine-color-dimmed': t.colors.dark[1] },
});
