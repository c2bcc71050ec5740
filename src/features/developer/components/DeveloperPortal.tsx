import { Anchor, Container, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import {
  IconApps,
  IconArrowLeft,
  IconBook,
  IconChartLine,
  IconLayoutDashboard,
  IconWebhook,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useDeveloperApps } from '../api/use-developer-apps';
import { AnalyticsTab } from './AnalyticsTab';
import { ApiDocsTab } from './ApiDocsTab';
import { ApplicationsTab } from './ApplicationsTab';
import { OverviewTab } from './OverviewTab';
import { RealUsageCard } from './RealUsageCard';
import { useAppUsage, withUsage } from '../api/use-app-usage';
import { WebhooksTab } from './WebhooksTab';

export function DeveloperPortal({ roleSwitcher }: { roleSwitcher?: ReactNode }) {
  const { apps: registered, preview, createApp, setStatus, removeApp, regenerateSecret } = useDeveloperApps();
  const usage = useAppUsage(registered, preview);
  const apps = withUsage(registered, usage.usage);
  const realUsage = <RealUsageCard apps={apps} preview={preview} {...usage} />;
  return (
    <Container size="xl" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg" data-testid="developer-portal">
        <Anchor component={Link} to="/" size="sm" w="fit-content">
          <Group gap={4}>
            <IconArrowLeft size={16} /> Back to Home
          </Group>
        </Anchor>
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Stack gap={2}>
            <Title order={1} size="h2">
              Developer Portal
            </Title>
            <Text c="dimmed" size="sm">
              Build privacy-first experiences with OAuth applications and the MediaID APIs.
            </Text>
          </Stack>
          {roleSwitcher}
        </Group>
        <Tabs defaultValue="overview" color="grape" keepMounted={false}>
          <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto', scrollbarWidth: 'none' }}>
            <Tabs.Tab value="overview" leftSection={<IconLayoutDashboard size={16} />}>
              Overview
            </Tabs.Tab>
            <Tabs.Tab value="applications" leftSection={<IconApps size={16} />}>
              Applications
            </Tabs.Tab>
            <Tabs.Tab value="analytics" leftSection={<IconChartLine size={16} />}>
              Analytics
            </Tabs.Tab>
            <Tabs.Tab value="webhooks" leftSection={<IconWebhook size={16} />}>
              Webhooks
            </Tabs.Tab>
            <Tabs.Tab value="docs" leftSection={<IconBook size={16} />}>
              API Docs
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="overview" pt="lg">
            <OverviewTab appCount={apps.length} preview={preview} realUsage={realUsage} />
          </Tabs.Panel>
          <Tabs.Panel value="applications" pt="lg">
            <ApplicationsTab
              apps={apps}
              preview={preview}
              createApp={createApp}
              setStatus={setStatus}
              removeApp={removeApp}
              regenerateSecret={regenerateSecret}
            />
          </Tabs.Panel>
          <Tabs.Panel value="analytics" pt="lg">
            <AnalyticsTab realUsage={realUsage} />
          </Tabs.Panel>
          <Tabs.Panel value="webhooks" pt="lg">
            <WebhooksTab apps={apps} preview={preview} />
          </Tabs.Panel>
          <Tabs.Panel value="docs" pt="lg">
            <ApiDocsTab />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}
