import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { IconMapQuestion } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';

export function NotFoundPage() {
  useEffect(() => {
    document.title = 'Page Not Found · Bucket';
  }, []);
  return (
    <Center mih="70vh" p="md">
      <Paper withBorder p="xl" maw={460} w="100%">
        <Stack align="center" ta="center" gap="md">
          <IconMapQuestion size={48} color="var(--mantine-color-violet-5)" aria-hidden />
          <Title order={1}>Page Not Found</Title>
          <Text>We couldn&apos;t find that page. It may have moved, or the link may be wrong.</Text>
          <Button component={Link} to="/">
            Go Home
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
