import { Alert, Badge, Button, Card, Code, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { WEBHOOK_EVENTS } from '../api-docs';
import type { DeveloperApp } from '../api/types';
import { listEndpoints, removeEndpoint, type WebhookEndpoint } from '../api/webhooks';
import { WebhookDeliveries } from './WebhookDeliveries';
import { WebhookEndpointForm } from './WebhookEndpointForm';

/** Per app: its webhook endpoints (add, remove) and the deliveries of the outbox. */
export function WebhooksTab({ apps, preview }: { apps: DeveloperApp[]; preview: boolean }) {
  const [chosen, setChosen] = useState<string | null>(null);
  const app = apps.find((a) => a.clientId === chosen) ?? apps[0] ?? null;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed" maw={640}>
        Bucket signs each delivery by the Standard Webhooks spec (<Code>webhook-id</Code>,{' '}
        <Code>webhook-timestamp</Code>, <Code>webhook-signature</Code>) with your endpoint&apos;s <Code>whsec_</Code>{' '}
        secret, sends only which fields changed (never their values), and retries failed deliveries with backoff.
      </Text>
      <Group gap="sm">
        {WEBHOOK_EVENTS.map((hook) => (
          <Card key={hook.event} withBorder radius="lg" padding="sm" maw={360}>
            <Code fz="sm" w="fit-content">
              {hook.event}
            </Code>
            <Text size="xs" c="dimmed" mt={4}>
              {hook.summary}
            </Text>
          </Card>
        ))}
      </Group>
      {preview || !app ? (
        <Text size="sm" c="dimmed" ta="center" py="md">
          {preview
            ? 'Sign in with a developer account to configure webhook endpoints.'
            : 'Register an application first to add a webhook endpoint.'}
        </Text>
      ) : (
        <>
          <Select
            label="Application"
            data={apps.map((a) => ({ value: a.clientId, label: a.name }))}
            value={app.clientId}
            onChange={setChosen}
            allowDeselect={false}
            maw={360}
          />
          <AppWebhooks key={app.clientId} clientId={app.clientId} />
        </>
      )}
    </Stack>
  );
}

function AppWebhooks({ clientId }: { clientId: string }) {
  const [endpoints, setEndpoints] = useState<WebhookEndpoint[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [refresh, setRefresh] = useState(0);
  useEffect(() => {
    listEndpoints(clientId).then(setEndpoints, (e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, [clientId, refresh]);

  return (
    <Stack gap="md">
      <Card withBorder radius="lg" padding="md" component="section" aria-labelledby="webhook-endpoints">
        <Stack gap="sm">
          <Title order={2} size="h5" id="webhook-endpoints">
            Endpoints
          </Title>
          {error ? (
            <Alert color="red" variant="light" title="Endpoints could not be loaded">
              {error}
            </Alert>
          ) : null}
          {endpoints === null && !error ? <Loader size="sm" aria-label="Loading endpoints" /> : null}
          {endpoints?.length === 0 ? (
            <Text size="sm" c="dimmed">
              No endpoints configured yet.
            </Text>
          ) : null}
          {endpoints?.map((endpoint) => (
            <Group key={endpoint.id} justify="space-between" wrap="wrap" gap="xs">
              <Stack gap={2}>
                <Code style={{ wordBreak: 'break-all' }}>{endpoint.url}</Code>
                <Group gap={4}>
                  {endpoint.events.map((event) => (
                    <Badge key={event} variant="outline" color="grape" tt="none">
                      {event}
                    </Badge>
                  ))}
                  {endpoint.enabled ? null : (
                    <Badge variant="light" color="red" tt="none">
                      disabled
                    </Badge>
                  )}
                </Group>
                {endpoint.disabled_reason ? (
                  <Text size="xs" c="red" maw={520}>
                    {endpoint.disabled_reason}
                  </Text>
                ) : null}
              </Stack>
              <Button
                size="compact-xs"
                variant="subtle"
                color="red"
                aria-label={`Remove endpoint ${endpoint.url}`}
                onClick={() =>
                  void removeEndpoint(endpoint.id).then(
                    () => setRefresh((n) => n + 1),
                    (e: unknown) => setError(String(e)),
                  )
                }
              >
                Remove
              </Button>
            </Group>
          ))}
          <WebhookEndpointForm clientId={clientId} onAdded={() => setRefresh((n) => n + 1)} />
        </Stack>
      </Card>
      <Card withBorder radius="lg" padding="md" component="section" aria-labelledby="webhook-deliveries">
        <Stack gap="sm">
          <Title order={2} size="h5" id="webhook-deliveries">
            Deliveries
          </Title>
          <WebhookDeliveries clientId={clientId} refresh={refresh} />
        </Stack>
      </Card>
    </Stack>
  );
}
