import { Text } from '@mantine/core';

/** The dashboard's quiet empty message (spec §2 texts, passed in exactly). */
export function EmptyMessage({ children }: { children: string }) {
  return (
    <Text c="dimmed" size="sm" ta="center" py="lg">
      {children}
    </Text>
  );
}
