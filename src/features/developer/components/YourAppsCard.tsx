import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconApps } from '@tabler/icons-react';
import { countLabel } from '@/lib/plural';

/**
 * The developer's own figures, first on the Overview: the real count of their registered apps
 * (their real API use is the card below it, RealUsageCard).
 */
export function YourAppsCard({ appCount }: { appCount: number }) {
  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-labelledby="your-apps-heading">
      <Stack gap="xs">
        <Group gap="xs">
          <Title order={2} size="h4" id="your-apps-heading">
            Your applications
          </Title>
          <Badge color="teal" variant="light">
            Your data
          </Badge>
        </Group>
        <Group gap={6} wrap="nowrap">
          <IconApps size={18} aria-hidden />
          <Text size="sm" fw={700} data-testid="own-app-count">
            {appCount === 0 ? 'No applications yet' : countLabel(appCount, 'application')}
          </Text>
        </Group>
        {appCount === 0 ? (
          <Text size="sm" c="dimmed">
            Create an app on the Applications tab to get a client ID.
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
