import { Container, Stack, Tabs, Text, Title } from '@mantine/core';
import type { CollabUserType } from '../collab-rules';
import { ActiveOffersTab } from './ActiveOffersTab';
import { CollabAnalyticsTab } from './CollabAnalyticsTab';
import { CreateProposalTab } from './CreateProposalTab';
import { OpportunitiesTab } from './OpportunitiesTab';

/** Collaboration Hub for an artist or a brand, on sample data with no network calls. */
export function CollaborationHub({ userType }: { userType: CollabUserType }) {
  return (
    <Container size="xl" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg" data-testid="collaboration-hub">
        <Stack gap={2}>
          <Title order={1} size="h2">
            Collaboration Hub
          </Title>
          <Text c="dimmed" size="sm">
            {userType === 'artist'
              ? 'Offers from brands, and opportunities that fit your sound.'
              : 'Proposals from artists and your open opportunities.'}
          </Text>
        </Stack>
        <Tabs defaultValue="offers" keepMounted={false}>
          <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto', scrollbarWidth: 'none' }}>
            <Tabs.Tab value="offers">Active Offers</Tabs.Tab>
            <Tabs.Tab value="opportunities">Discover Opportunities</Tabs.Tab>
            <Tabs.Tab value="create">Create Proposal</Tabs.Tab>
            <Tabs.Tab value="analytics">Collaboration Analytics</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="offers" pt="lg">
            <ActiveOffersTab userType={userType} />
          </Tabs.Panel>
          <Tabs.Panel value="opportunities" pt="lg">
            <OpportunitiesTab />
          </Tabs.Panel>
          <Tabs.Panel value="create" pt="lg">
            <CreateProposalTab />
          </Tabs.Panel>
          <Tabs.Panel value="analytics" pt="lg">
            <CollabAnalyticsTab userType={userType} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}
