import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { Modal } from '@/components/Modal';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { CreatedApp } from '../api/types';

/** Shows a new app's client secret exactly once. */
export function SecretRevealModal({ created, onClose }: { created: CreatedApp | null; onClose: () => void }) {
  return (
    <Modal
      opened={created !== null}
      onClose={onClose}
      title="Application created"
      size="lg"
      centered
      closeOnClickOutside={false}
    >
      {created ? (
        <Stack gap="md">
          <Text size="sm">
            <strong>{created.app.name}</strong> is registered. Copy the client secret now: it is shown only once and
            masked afterwards.
          </Text>
          <Credential label="Client ID" value={created.app.clientId} testId="new-client-id" />
          <Credential label="Client secret" value={created.clientSecret} testId="new-client-secret" />
          <Alert color="yellow" icon={<IconAlertTriangle size={18} />} variant="light">
            Store the secret in your server’s secret manager. Never ship it in a browser or mobile app; use PKCE there.
          </Alert>
          <Group justify="flex-end">
            <Button color="grape" onClick={onClose}>
              I’ve saved it
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}

function Credential({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Code block style={{ flex: 1, wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} data-testid={testId}>
          {value}
        </Code>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button size="xs" variant="light" color={copied ? 'green' : 'gray'} onClick={copy}>
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}
