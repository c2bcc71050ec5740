import { Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A page with a main heading; used by simple pages and by screens that later issues fill in. */
export function PageFrame({
  title,
  description,
  children,
  size = 'lg',
}: {
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
}) {
  return (
    <Container size={size} py="xl">
      <Stack gap="md">
        <Title order={1}>{title}</Title>
        {description ? <Text c="dimmed">{description}</Text> : null}
        {children}
      </Stack>
    </Container>
  );
}
