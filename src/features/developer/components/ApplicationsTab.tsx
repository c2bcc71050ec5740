import { Alert, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconInfoCircle, IconPlus } from '@tabler/icons-react';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { AppStatus, CreateAppInput, CreatedApp, DeveloperApp } from '../api/types';
import { AppAnalyticsModal } from './AppAnalyticsModal';
import { AppCard } from './AppCard';
import { CreateAppModal } from './CreateAppModal';
import { ManageAppModal } from './ManageAppModal';
import { SecretRevealModal } from './SecretRevealModal';

export function ApplicationsTab({
  apps,
  preview,
  createApp,
  setStatus,
  removeApp,
  regenerateSecret,
}: {
  apps: DeveloperApp[];
  /** In-memory sample store (no local database): nothing is saved. */
  preview: boolean;
  createApp: (input: CreateAppInput) => Promise<CreatedApp>;
  setStatus: (appId: string, status: AppStatus) => Promise<void>;
  removeApp: (appId: string) => Promise<void>;
  regenerateSecret?: (appId: string) => Promise<CreatedApp>;
}) {
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApp | null>(null);
  const [manageId, setManageId] = useState<string | null>(null);
  const [analyticsId, setAnalyticsId] = useState<string | null>(null);
  const managed = apps.find((app) => app.id === manageId) ?? null;
  const analysed = apps.find((app) => app.id === analyticsId) ?? null;

  return (
    <Stack gap="lg">
      {preview ? (
        <Alert
          color="blue"
          variant="light"
          icon={<IconInfoCircle size={18} />}
          title="Preview with sample applications"
        >
          Nothing here is saved: sign in with a developer account to register real applications.
        </Alert>
      ) : null}
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text c="dimmed" size="sm">
          {apps.length === 1 ? '1 application' : `${apps.length} applications`}. OAuth clients that can request MediaID
          scopes.
        </Text>
        <Button leftSection={<IconPlus size={18} />} color="grape" onClick={() => setCreating(true)}>
          Create New App
        </Button>
      </Group>
      {apps.length === 0 ? (
        <Card withBorder radius="lg" padding="xl">
          <Text c="dimmed" ta="center">
            No applications yet. Create one to get a client ID and secret.
          </Text>
        </Card>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {apps.map((app) => (
          <AppCard
            key={app.id}
            app={app}
            onManage={() => setManageId(app.id)}
            onAnalytics={() => setAnalyticsId(app.id)}
          />
        ))}
      </SimpleGrid>
      <CreateAppModal
        opened={creating}
        onClose={() => setCreating(false)}
        onCreate={createApp}
        onCreated={(result) => {
          setCreating(false);
          setCreated(result);
        }}
      />
      <SecretRevealModal created={created} onClose={() => setCreated(null)} />
      <ManageAppModal
        app={managed}
        onClose={() => setManageId(null)}
        onStatusChange={(id, status) => void setStatus(id, status)}
        onDelete={(id) => {
          setManageId(null);
          removeApp(id).catch((error: unknown) => failed('The application was not deleted', error));
        }}
        onRegenerate={
          regenerateSecret
            ? (id) => {
                setManageId(null);
                regenerateSecret(id).then(setCreated, (error: unknown) => failed('No new secret', error));
              }
            : undefined
        }
      />
      <AppAnalyticsModal app={analysed} preview={preview} onClose={() => setAnalyticsId(null)} />
    </Stack>
  );
}

function failed(title: string, error: unknown) {
  notifications.show({ title, message: error instanceof Error ? error.message : String(error), color: 'red' });
}
