import { Badge, Card, Code, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { API_ENDPOINTS, METHOD_COLORS, PKCE_STEPS, WEBHOOK_EVENTS } from '../api-docs';

export function ApiDocsTab() {
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="docs-endpoints">
        <Stack gap="sm">
          <Title order={2} size="h4" id="docs-endpoints">
            Endpoints
          </Title>
          {API_ENDPOINTS.map((endpoint) => (
            <Stack key={`${endpoint.method} ${endpoint.path}`} gap={2} data-testid="api-endpoint">
              <Group gap={6} wrap="nowrap">
                <Badge color={METHOD_COLORS[endpoint.method]} variant="light" w={52}>
                  {endpoint.method}
                </Badge>
                <Code fz="sm">{endpoint.path}</Code>
              </Group>
              <Text size="sm" c="dimmed">
                {endpoint.summary}
                {endpoint.scope ? (
                  <>
                    {' '}
                    Scope <Code>{endpoint.scope}</Code>.
                  </>
                ) : null}
              </Text>
            </Stack>
          ))}
        </Stack>
      </Card>
      <Stack gap="lg">
        <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="docs-oauth">
          <Stack gap="sm">
            <Title order={2} size="h4" id="docs-oauth">
              OAuth 2.0 with PKCE
            </Title>
            <Text size="sm" c="dimmed">
              Public clients (browser, mobile) never hold a client secret: they prove possession of a one-time code
              verifier instead.
            </Text>
            <List type="ordered" size="sm" spacing="xs">
              {PKCE_STEPS.map((step) => (
                <List.Item key={step}>{step}</List.Item>
              ))}
            </List>
          </Stack>
        </Card>
        <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="docs-webhooks">
          <Stack gap="sm">
            <Title order={2} size="h4" id="docs-webhooks">
              Webhooks
            </Title>
            {WEBHOOK_EVENTS.map((hook) => (
              <Stack key={hook.event} gap={2}>
                <Code w="fit-content">{hook.event}</Code>
                <Text size="sm" c="dimmed">
                  {hook.summary}
                </Text>
              </Stack>
            ))}
          </Stack>
        </Card>
      </Stack>
    </SimpleGrid>
  );
}
