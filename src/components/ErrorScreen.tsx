import { Button, Center, Code, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { describeError } from '@/lib/describe-error';

/** Shown for any uncaught application or routing error. */
export function ErrorScreen({ error }: { error: unknown }) {
  const { status, message } = describeError(error);
  useEffect(() => {
    console.error('Bucket caught an error:', error);
  }, [error]);
  return (
    <Center mih="70vh" p="md">
      <Paper withBorder p="xl" maw={520} w="100%" role="alert">
        <Stack align="center" gap="md" ta="center">
          <IconAlertTriangle size={48} color="var(--mantine-color-red-6)" aria-hidden />
          <Title order={1} size="h2">
            Oops! Something Went Wrong.
          </Title>
          {status ? (
            <Text fw={700} data-testid="error-status">
              {status}
            </Text>
          ) : null}
          <Code block data-testid="error-message" w="100%">
            {message}
          </Code>
          <Text size="sm" c="dimmed">
            The error details have been logged to the developer console.
          </Text>
          <Button onClick={() => window.location.replace('/')}>Go to Homepage</Button>
        </Stack>
      </Paper>
    </Center>
  );
}
