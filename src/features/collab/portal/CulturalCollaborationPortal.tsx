import { Button, Container, Stack, Tabs, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHeartHandshake } from '@tabler/icons-react';
import { useState } from 'react';
import type { CollabUserType } from '../collab-rules';
import { BrowseTab } from './BrowseTab';
import { CreateModal } from './CreateModal';
import { InsightsTab } from './InsightsTab';

/** Cultural Collaboration Portal: browse, my collaborations, create (modal), insights. */
export function CulturalCollaborationPortal({ userType }: { userType: CollabUserType }) {
  const [tab, setTab] = useState<string>('browse');
  const [creating, setCreating] = useState(false);
  return (
    <Container size="xl" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg" data-testid="cultural-portal">
        <Stack gap={2}>
          <Title order={1} size="h2">
            Cultural Collaboration Portal
          </Title>
          <Text c="dimmed" size="sm">
            {userType === 'artist' ? 'Brand campaigns that fit your culture.' : 'Artist pitches that fit your brand.'}
          </Text>
        </Stack>
        <Tabs
          value={tab}
          onChange={(next) => {
            // 'Create' opens a modal instead of a panel.
            if (next === 'create') setCreating(true);
            else if (next) setTab(next);
          }}
          keepMounted={false}
        >
          <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto', scrollbarWidth: 'none' }}>
            <Tabs.Tab value="browse">Browse</Tabs.Tab>
            <Tabs.Tab value="mine">My Collaborations</Tabs.Tab>
            <Tabs.Tab value="create">Create</Tabs.Tab>
            <Tabs.Tab value="insights">Cultural Insights</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="browse" pt="lg">
            <BrowseTab userType={userType} />
          </Tabs.Panel>
          <Tabs.Panel value="mine" pt="lg">
            <Stack align="center" gap="sm" py="xl" ta="center">
              <ThemeIcon size={56} radius="xl" variant="light">
                <IconHeartHandshake size={30} />
              </ThemeIcon>
              <Text fw={700}>No collaborations yet</Text>
              <Text c="dimmed" size="sm" maw={360}>
                Collaborations you start from Browse appear here with their status and deliverables.
              </Text>
              <Button variant="light" onClick={() => setTab('browse')}>
                Browse {userType === 'artist' ? 'campaigns' : 'pitches'}
              </Button>
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="insights" pt="lg">
            <InsightsTab userType={userType} />
          </Tabs.Panel>
        </Tabs>
        <CreateModal opened={creating} onClose={() => setCreating(false)} userType={userType} />
      </Stack>
    </Container>
  );
}
