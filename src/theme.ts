import { createTheme } from '@mantine/core';

/** One theme for the whole app. Role colours (spec §3) live in src/lib/roles.ts as Mantine colour names. */
export const theme = createTheme({
  primaryColor: 'violet',
  primaryShade: { light: 7, dark: 5 },
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  cursorType: 'pointer',
  respectReducedMotion: true,
});
