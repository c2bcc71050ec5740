import { Paper } from '@mantine/core';
import type { ReactNode } from 'react';
import { useHydrated } from '@/lib/use-hydrated';

export function AuthPanel({ children }: { children: ReactNode }) {
  // inert until hydrated: a click before then would do nothing.
  return (
    <Paper inert={!useHydrated()} withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} shadow="sm" w="100%">
      {children}
    </Paper>
  );
}
