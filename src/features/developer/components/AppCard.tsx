import { Badge, Button, Card, Code, Group, Stack, Text } from '@mantine/core';
import { IconChartBar, IconSettings } from '@tabler/icons-react';
import { formatCompactNumber, formatDate } from '@/lib/format';
import type { DeveloperApp } from '../api/types';
import { truncateClientId } from '../display-rules';
import { LabeledValue } from '@/components/dashboard';

export function AppCard({
  app,
  onManage,
  onAnalytics,
}: {
  app: DeveloperApp;
  onManage: () => void;
  onAnalytics: () => void;
}) {
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="app-card">
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={700} size="lg" truncate component="h3" m={0}>
              {app.name}
            </Text>
            <Text size="sm" c="dimmed" lineClamp={2}>
              {app.description || 'No description'}
            </Text>
          </Stack>
          <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
            <Badge color={app.status === 'active' ? 'green' : 'gray'} variant="light">
              {app.status}
            </Badge>
            {app.pending ? (
              <Badge color="yellow" variant="dot" tt="none" data-testid="app-pending">
                Not synced yet
              </Badge>
            ) : null}
          </Stack>
        </Group>
        {app.refusal ? (
          <Text size="xs" c="red" role="alert">
            Not registered: {app.refusal}
          </Text>
        ) : null}
        <Group gap={6} wrap="nowrap">
          <Text size="xs" c="dimmed">
            Client ID
          </Text>
          <Code data-testid="client-id" title="Client ID (truncated)">
            {truncateClientId(app.clientId)}
          </Code>
        </Group>
        <Group gap={4}>
          {app.scopes.map((scope) => (
            <Badge key={scope} size="xs" variant="outline" color="grape" tt="none">
              {scope}
            </Badge>
          ))}
        </Group>
        <Group gap="lg" style={{ flexGrow: 1 }} align="flex-end">
          <LabeledValue label="API calls" value={formatCompactNumber(app.apiCalls)} />
          <LabeledValue label="Users" value={formatCompactNumber(app.users)} />
          <LabeledValue label="Created" value={formatDate(app.created)} />
        </Group>
        <Group grow gap="sm">
          <Button
            variant="default"
            leftSection={<IconSettings size={16} />}
            onClick={onManage}
            aria-label={`Manage ${app.name}`}
          >
            Manage
          </Button>
          <Button
            variant="light"
            color="grape"
            leftSection={<IconChartBar size={16} />}
            onClick={onAnalytics}
            aria-label={`Analytics for ${app.name}`}
          >
            Analytics
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
