import { Button, Card, Code, Group, Stack, Text } from '@mantine/core';
import { IconWebhook } from '@tabler/icons-react';
import { WEBHOOK_EVENTS } from '../api-docs';
import { notifyComingSoon } from '../../../lib/coming-soon';

export function WebhooksTab() {
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm" c="dimmed" maw={560}>
          Bucket signs each delivery with your client secret (HMAC-SHA256 in the <Code>X-Bucket-Signature</Code> header)
          and retries failed deliveries with backoff.
        </Text>
        <Button
          leftSection={<IconWebhook size={18} />}
          variant="light"
          color="grape"
          onClick={() => notifyComingSoon('Adding webhook endpoints')}
        >
          Add Endpoint
        </Button>
      </Group>
      {WEBHOOK_EVENTS.map((hook) => (
        <Card key={hook.event} withBorder radius="lg" padding="md">
          <Stack gap={4}>
            <Code fz="sm" w="fit-content">
              {hook.event}
            </Code>
            <Text size="sm" c="dimmed">
              {hook.summary}
            </Text>
          </Stack>
        </Card>
      ))}
      <Text size="sm" c="dimmed" ta="center" py="md">
        No endpoints configured yet.
      </Text>
    </Stack>
  );
}
