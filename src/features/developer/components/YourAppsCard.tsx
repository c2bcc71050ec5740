import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconActivity, IconApps } from '@tabler/icons-react';
import { countLabel } from '../../../lib/plural';

/**
 * The developer's own figures, first on the Overview: the real count of their registered apps.
 * Bucket does not meter API calls yet, so the card says so rather than show a number.
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
        <Group gap="xl" align="flex-start">
          <Group gap={6} wrap="nowrap">
            <IconApps size={18} aria-hidden />
            <Text size="sm" fw={700} data-testid="own-app-count">
              {appCount === 0 ? 'No applications yet' : countLabel(appCount, 'application')}
            </Text>
          </Group>
          <Group gap={6} wrap="nowrap" align="flex-start">
            <IconActivity size={18} aria-hidden />
            <Stack gap={0}>
              <Text size="sm" fw={700}>
                API calls: not counted yet
              </Text>
              <Text size="xs" c="dimmed">
                Bucket does not record calls to its APIs per app yet.
              </Text>
            </Stack>
          </Group>
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
