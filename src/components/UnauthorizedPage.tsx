import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';

export function UnauthorizedPage() {
  return (
    <Center mih="70vh" p="md">
      <Paper withBorder p="xl" maw={460} w="100%">
        <Stack align="center" ta="center" gap="md">
          <IconLock size={48} color="var(--mantine-color-red-6)" aria-hidden />
          <Title order={1}>Access Denied</Title>
          <Text>You don&apos;t have permission to access this page.</Text>
          <Button component={Link} to="/">
            Go Home
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
