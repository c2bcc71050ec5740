import { Text } from '@mantine/core';

/** The dashboard's quiet empty message. */
export function EmptyMessage({ children }: { children: string }) {
  return (
    <Text c="dimmed" size="sm" ta="center" py="lg">
      {children}
    </Text>
  );
}
