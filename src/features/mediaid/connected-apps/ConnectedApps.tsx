import { Alert, Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { SectionCard } from '@/components/dashboard';
import { Modal } from '@/components/Modal';
import { formatDateTime } from '@/lib/format';
import { loadSupabase } from '@/lib/load-supabase';
import { ROLE_DISPLAY } from '@/lib/roles';
import { ErrorBanner } from '@/components/ErrorBanner';
import { listGrants, revokeApp, type GrantRow } from './api';
import { mediaIdScopes, SCOPE_SHORT } from './scope-text';
import { useServerQuery } from '@/data/use-server-query';

/** 'Connected apps': each app with a live grant, what it may read, when, and Revoke (with a confirm). */
export function ConnectedApps({ onRevoked }: { onRevoked: () => void }) {
  const { state, reload } = useServerQuery(listGrants, 'grants');
  const [confirming, setConfirming] = useState<GrantRow | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<string | null>(null);

  async function revoke(grant: GrantRow) {
    setBusy(true);
    setError(null);
    try {
      await revokeApp(await loadSupabase(), grant.client_id);
      setResult(`${grant.app_name} can no longer use your MediaID.`);
      setConfirming(null);
      reload();
      onRevoked();
    } catch (e) {
      setError(
        navigator.onLine
          ? `Could not revoke ${grant.app_name}: ${e instanceof Error ? e.message : String(e)}`
          : 'You’re offline. Revoking needs the network — reconnect, then try again.',
      );
    } finally {
      setBusy(false);
    }
  }

  let body;
  if (state.status === 'loading') body = <Loader size="sm" aria-label="Loading connected apps" />;
  else if (state.status === 'error')
    body = (
      <Stack gap="xs">
        <ErrorBanner message={state.message} />
        <Button variant="light" onClick={reload} w="fit-content">
          Try again
        </Button>
      </Stack>
    );
  else if (state.data.length === 0) body = <Text c="dimmed">No apps are connected to your MediaID.</Text>;
  else
    body = (
      <Stack gap="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {state.data.map((grant) => (
          <li key={grant.id} aria-label={grant.app_name}>
            <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
              <Stack gap={4}>
                <Group gap="xs">
                  <Text fw={600}>{grant.app_name}</Text>
                  <Badge variant="light" color={ROLE_DISPLAY[grant.role].color}>
                    {ROLE_DISPLAY[grant.role].name} MediaID
                  </Badge>
                </Group>
                <Text size="sm">
                  Can:{' '}
                  {mediaIdScopes(grant.scopes)
                    .map((s) => SCOPE_SHORT[s])
                    .join(', ')}
                </Text>
                <Text size="sm" c="dimmed">
                  Granted on {formatDateTime(grant.granted_at)} ·{' '}
                  {grant.last_used_at
                    ? `Last read data on ${formatDateTime(grant.last_used_at)}`
                    : 'Has not read any data yet'}
                </Text>
              </Stack>
              <Button
                color="red"
                variant="light"
                onClick={() => setConfirming(grant)}
                aria-label={`Revoke ${grant.app_name}`}
              >
                Revoke
              </Button>
            </Group>
          </li>
        ))}
      </Stack>
    );

  return (
    <SectionCard title="Connected apps" description="Apps you allowed to use your MediaID." testId="connected-apps">
      {result ? (
        <Alert color="teal" variant="light" role="status" withCloseButton onClose={() => setResult(null)}>
          {result}
        </Alert>
      ) : null}
      {body}
      <Modal
        opened={confirming !== null}
        onClose={() => !busy && setConfirming(null)}
        title={`Revoke ${confirming?.app_name ?? ''}?`}
      >
        <Stack gap="md">
          <Text>
            {confirming?.app_name} loses access to your MediaID at once and has to ask again to connect. What it already
            read stays with it.
          </Text>
          <ErrorBanner message={error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(null)} disabled={busy}>
              Cancel
            </Button>
            <Button color="red" loading={busy} onClick={() => confirming && void revoke(confirming)}>
              Revoke access
            </Button>
          </Group>
        </Stack>
      </Modal>
    </SectionCard>
  );
}
