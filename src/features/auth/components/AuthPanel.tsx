import { Paper } from '@mantine/core';
import type { ReactNode } from 'react';

export function AuthPanel({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} shadow="sm" w="100%">
      {children}
    </Paper>
  );
}
