import { Alert, Button, Checkbox, Code, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { addEndpoint, WEBHOOK_EVENT_NAMES, type WebhookEndpoint, type WebhookEventName } from '../api/webhooks';

const URL_RULE =
  /^(https:\/\/[^\s/?#@]+([/?#]\S*)?|http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:[0-9]{1,5})?([/?#]\S*)?)$/;

/** Adds an endpoint for one app; its signing secret is shown once, right here. */
export function WebhookEndpointForm({
  clientId,
  onAdded,
}: {
  clientId: string;
  onAdded: (e: WebhookEndpoint) => void;
}) {
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<string[]>([...WEBHOOK_EVENT_NAMES]);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);

  async function submit() {
    const trimmed = url.trim();
    if (!URL_RULE.test(trimmed)) return setError('Enter an https:// URL (http:// only for localhost).');
    if (events.length === 0) return setError('Choose at least one event.');
    if (!navigator.onLine) return setError("Adding an endpoint needs a connection. Try again when you're online.");
    setSaving(true);
    setError(null);
    try {
      const added = await addEndpoint(clientId, trimmed, events as WebhookEventName[]);
      setSecret(added.secret);
      setUrl('');
      onAdded(added.endpoint);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Stack gap="sm">
      <TextInput
        label="Endpoint URL"
        placeholder="https://example.com/webhooks/bucket"
        value={url}
        onChange={(e) => setUrl(e.currentTarget.value)}
        error={error}
      />
      <Checkbox.Group label="Events" value={events} onChange={setEvents}>
        <Group gap="md" mt={4}>
          {WEBHOOK_EVENT_NAMES.map((name) => (
            <Checkbox key={name} value={name} label={name} />
          ))}
        </Group>
      </Checkbox.Group>
      <Button color="grape" w="fit-content" loading={saving} onClick={() => void submit()}>
        Add Endpoint
      </Button>
      {secret ? (
        <Alert
          color="yellow"
          variant="light"
          title="Signing secret (shown once)"
          withCloseButton
          onClose={() => setSecret(null)}
        >
          <Stack gap={6}>
            <Text size="sm">Verify each delivery&apos;s webhook-signature with this secret. Copy it now.</Text>
            <Group gap="xs" wrap="nowrap">
              <Code data-testid="webhook-secret" style={{ wordBreak: 'break-all' }}>
                {secret}
              </Code>
              <CopyButton value={secret}>
                {({ copied, copy }) => (
                  <Button size="compact-xs" variant="light" color={copied ? 'green' : 'gray'} onClick={copy}>
                    {copied ? 'Copied' : 'Copy'}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Stack>
        </Alert>
      ) : null}
    </Stack>
  );
}
