import { Badge, Card, Container, Group, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useAuth } from '@/features/auth';
import { formatBudget, REAL_STATUS_LABELS, type CollabUserType } from '../collab-rules';
import { OpportunitiesTab } from '../hub/OpportunitiesTab';
import { useMyOffers, type RealOffer } from './api';
import { OffersPanel } from './OffersPanel';
import { ProposalForm } from './ProposalForm';
import { BrandNameCard } from './BrandNameCard';

/**
 * The Collaboration Hub of a signed-in artist or brand (/collaborations): proposals, pitches and
 * offers stored on the server, answered by the other side, live on both. Discover Opportunities
 * stays the spec's sample, labelled so.
 */
export function CollaborationsPage() {
  const { user, profile } = useAuth();
  const userType: CollabUserType = profile.selectedRole === 'artist' ? 'artist' : 'brand';
  const offers = useMyOffers();
  const [tab, setTab] = useState<string | null>('offers');
  const me = user?.id ?? '';
  const due = offers.state.status === 'ready' ? offers.state.data.filter((o) => o.awaiting === me).length : 0;
  return (
    <Container size="xl" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg" data-testid="collaboration-hub">
        <Stack gap={2}>
          <Title order={1} size="h2">
            Collaboration Hub
          </Title>
          <Text c="dimmed" size="sm">
            {userType === 'artist'
              ? 'Pitch to brands, and answer the offers brands send you.'
              : 'Send offers to artists, and answer the pitches artists send you.'}
          </Text>
        </Stack>
        {userType === 'brand' && <BrandNameCard />}
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto', scrollbarWidth: 'none' }}>
            <Tabs.Tab
              value="offers"
              rightSection={
                due > 0 ? (
                  <Badge size="xs" circle>
                    {due}
                  </Badge>
                ) : undefined
              }
            >
              Active Offers
            </Tabs.Tab>
            <Tabs.Tab value="opportunities">Discover Opportunities</Tabs.Tab>
            <Tabs.Tab value="create">Create Proposal</Tabs.Tab>
            <Tabs.Tab value="analytics">Collaboration Analytics</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="offers" pt="lg">
            <OffersPanel me={me} query={offers} onCreate={() => setTab('create')} />
          </Tabs.Panel>
          <Tabs.Panel value="opportunities" pt="lg">
            <Stack gap="md">
              <Group gap="xs">
                <Badge color="gray" variant="outline">
                  Sample
                </Badge>
                <Text size="sm" c="dimmed">
                  Example opportunities: none of them are real brands yet. To reach a real one, use Create Proposal.
                </Text>
              </Group>
              <OpportunitiesTab />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="create" pt="lg">
            <ProposalForm userType={userType} onSent={() => setTab('offers')} />
          </Tabs.Panel>
          <Tabs.Panel value="analytics" pt="lg">
            {offers.state.status === 'ready' ? (
              <OfferFigures offers={offers.state.data} />
            ) : (
              <Text c="dimmed">Your figures appear once your collaborations have loaded.</Text>
            )}
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}

/** Counts and values of the caller's own collaborations. */
function OfferFigures({ offers }: { offers: RealOffer[] }) {
  const open = offers.filter((o) => o.status === 'pending' || o.status === 'countered');
  const accepted = offers.filter((o) => o.status === 'accepted');
  const sum = (list: RealOffer[]) => list.reduce((total, o) => total + o.budget, 0);
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        <Figure label="Collaborations" value={String(offers.length)} />
        <Figure label="Open pipeline" value={formatBudget(sum(open))} />
        <Figure label="Accepted value" value={formatBudget(sum(accepted))} />
      </SimpleGrid>
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="xs">
          <Text fw={700}>By status</Text>
          {(Object.keys(REAL_STATUS_LABELS) as (keyof typeof REAL_STATUS_LABELS)[]).map((status) => (
            <Group key={status} justify="space-between">
              <Text size="sm">{REAL_STATUS_LABELS[status]}</Text>
              <Text fw={700}>{offers.filter((o) => o.status === status).length}</Text>
            </Group>
          ))}
        </Stack>
      </Card>
    </Stack>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Card withBorder radius="lg" padding="lg">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={800} size="xl">
        {value}
      </Text>
    </Card>
  );
}
