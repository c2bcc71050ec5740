import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { AppStatus, CreateAppInput, CreatedApp, DeveloperApp } from '../api/types';
import { AppAnalyticsModal } from './AppAnalyticsModal';
import { AppCard } from './AppCard';
import { CreateAppModal } from './CreateAppModal';
import { ManageAppModal } from './ManageAppModal';
import { SecretRevealModal } from './SecretRevealModal';

export function ApplicationsTab({
  apps,
  createApp,
  setStatus,
}: {
  apps: DeveloperApp[];
  createApp: (input: CreateAppInput) => Promise<CreatedApp>;
  setStatus: (appId: string, status: AppStatus) => Promise<void>;
}) {
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApp | null>(null);
  const [manageId, setManageId] = useState<string | null>(null);
  const [analyticsId, setAnalyticsId] = useState<string | null>(null);
  const managed = apps.find((app) => app.id === manageId) ?? null;
  const analysed = apps.find((app) => app.id === analyticsId) ?? null;

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text c="dimmed" size="sm">
          {apps.length} applications. OAuth clients that can request MediaID scopes.
        </Text>
        <Button leftSection={<IconPlus size={18} />} color="grape" onClick={() => setCreating(true)}>
          Create New App
        </Button>
      </Group>
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
      />
      <AppAnalyticsModal app={analysed} onClose={() => setAnalyticsId(null)} />
    </Stack>
  );
}
