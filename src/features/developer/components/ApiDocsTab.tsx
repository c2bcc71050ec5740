import { Badge, Card, Code, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { env } from '@/lib/env';
import { API_ENDPOINTS, API_ERRORS, METHOD_COLORS, PKCE_STEPS, WEBHOOK_EVENTS } from '../api-docs';

const BASE = env.supabaseUrl.replace(/\/+$/, '');

export function ApiDocsTab() {
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="docs-endpoints">
        <Stack gap="sm">
          <Title order={2} size="h4" id="docs-endpoints">
            Endpoints
          </Title>
          <Text size="sm" c="dimmed">
            Each call answers at the real request shown under it. Send the user&apos;s MediaID access token as{' '}
            <Code>Authorization: Bearer …</Code>.
          </Text>
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
              <Text size="xs" data-testid="api-endpoint-real">
                Real URL:{' '}
                <Code fz="xs" style={{ wordBreak: 'break-all' }}>
                  {endpoint.real.method} {BASE}
                  {endpoint.real.path}
                </Code>
                {endpoint.real.note ? ` ${endpoint.real.note}` : ''}
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
              Your server holds the client secret; PKCE binds each code to the one-time code verifier of the sign-in
              that asked for it. Tokens are MediaID tokens: they reach the API below, never the user&apos;s account.
            </Text>
            <List type="ordered" size="sm" spacing="xs">
              {PKCE_STEPS.map((step) => (
                <List.Item key={step}>{step}</List.Item>
              ))}
            </List>
          </Stack>
        </Card>
        <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="docs-errors">
          <Stack gap="sm">
            <Title order={2} size="h4" id="docs-errors">
              Errors
            </Title>
            <Text size="sm" c="dimmed">
              A refused call answers with the error in <Code>error</Code> (and a <Code>WWW-Authenticate</Code> header):
            </Text>
            {API_ERRORS.map((error) => (
              <Text key={error.code} size="sm">
                <Code>{error.code}</Code> {error.meaning}
              </Text>
            ))}
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
