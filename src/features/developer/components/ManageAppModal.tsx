import { Badge, Code, CopyButton, Button, Group, Stack, Switch, Text } from '@mantine/core';
import { Modal } from '@/components/Modal';
import { useState } from 'react';
import { formatDateTime } from '@/lib/format';
import type { AppStatus, DeveloperApp } from '../api/types';
import { maskSecret } from '../display-rules';

/** Manage an application: full client ID, masked secret, redirect URIs, scopes and its status. */
export function ManageAppModal({
  app,
  onClose,
  onStatusChange,
  onDelete,
  onRegenerate,
}: {
  app: DeveloperApp | null;
  onClose: () => void;
  onStatusChange: (appId: string, status: AppStatus) => void;
  onDelete: (appId: string) => void;
  /** Absent for sample apps. */
  onRegenerate?: (appId: string) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const close = () => {
    setConfirming(false);
    onClose();
  };
  return (
    <Modal opened={app !== null} onClose={close} title={app ? `Manage ${app.name}` : 'Manage'} size="lg" centered>
      {app ? (
        <Stack gap="md">
          <Switch
            label={app.status === 'active' ? 'Active: tokens are issued' : 'Disabled: no new tokens are issued'}
            checked={app.status === 'active'}
            onChange={(event) => onStatusChange(app.id, event.currentTarget.checked ? 'active' : 'disabled')}
            color="green"
          />
          <Field label="Client ID">
            <Group gap="xs" wrap="nowrap">
              <Code style={{ wordBreak: 'break-all' }}>{app.clientId}</Code>
              <CopyButton value={app.clientId}>
                {({ copied, copy }) => (
                  <Button size="compact-xs" variant="light" color={copied ? 'green' : 'gray'} onClick={copy}>
                    {copied ? 'Copied' : 'Copy'}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Field>
          <Field label="Client secret">
            <Code data-testid="masked-secret">{maskSecret(app.clientSecretLast4)}</Code>
            <Text size="xs" c="dimmed">
              Secrets are shown once, when the app is created.
            </Text>
            {onRegenerate ? (
              <Button
                size="compact-xs"
                variant="light"
                color="grape"
                w="fit-content"
                onClick={() => onRegenerate(app.id)}
              >
                Regenerate secret
              </Button>
            ) : null}
          </Field>
          <Field label="Redirect URIs">
            <Stack gap={4}>
              {app.redirectUris.map((uri) => (
                <Code key={uri} style={{ wordBreak: 'break-all' }}>
                  {uri}
                </Code>
              ))}
            </Stack>
          </Field>
          <Field label="Scopes">
            <Group gap={4}>
              {app.scopes.map((scope) => (
                <Badge key={scope} variant="outline" color="grape" tt="none">
                  {scope}
                </Badge>
              ))}
            </Group>
          </Field>
          <Group gap="xl">
            <Field label="Created">
              <Text size="sm">{formatDateTime(app.created)}</Text>
            </Field>
            <Field label="Last used">
              <Text size="sm">{app.lastUsed ? formatDateTime(app.lastUsed) : 'Never'}</Text>
            </Field>
          </Group>
          <Group justify="flex-end" gap="sm">
            {confirming ? (
              <>
                <Text size="sm" c="red">
                  Delete {app.name}? Its client stops working.
                </Text>
                <Button variant="default" size="xs" onClick={() => setConfirming(false)}>
                  Keep
                </Button>
                <Button
                  color="red"
                  size="xs"
                  onClick={() => {
                    setConfirming(false);
                    onDelete(app.id);
                  }}
                >
                  Delete application
                </Button>
              </>
            ) : (
              <Button variant="subtle" color="red" size="xs" onClick={() => setConfirming(true)}>
                Delete…
              </Button>
            )}
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}
