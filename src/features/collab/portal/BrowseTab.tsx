import { SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { applyBrowseFilter, type BrowseFilter, type CollabUserType } from '../collab-rules';
import { notifyComingSoon } from '@/lib/coming-soon';
import { ARTIST_PITCHES, BRAND_CAMPAIGN_OFFERS } from '../sample-portal';
import { CampaignCard, PitchCard } from './BrowseCards';
import { DetailModal, type PortalItem } from './DetailModal';

const FILTERS: { value: BrowseFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'high-match', label: 'High Match' },
  { value: 'budget', label: 'Budget' },
  { value: 'timeline', label: 'Timeline' },
];

/** Artists browse brand campaigns; brands browse artist pitches. */
export function BrowseTab({ userType }: { userType: CollabUserType }) {
  const [filter, setFilter] = useState<BrowseFilter>('all');
  const [selected, setSelected] = useState<PortalItem | null>(null);
  const campaigns = applyBrowseFilter(BRAND_CAMPAIGN_OFFERS, filter);
  const pitches = applyBrowseFilter(
    ARTIST_PITCHES.map((pitch) => ({ ...pitch, engagementRate: pitch.artist.engagementRate })),
    filter,
  );
  const count = userType === 'artist' ? campaigns.length : pitches.length;

  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label="Filter"
        value={filter}
        onChange={(value) => setFilter(value as BrowseFilter)}
        data={FILTERS}
        w={{ base: '100%', sm: 'fit-content' }}
        data-testid="browse-filter"
      />
      <Text size="sm" c="dimmed" aria-live="polite" data-testid="browse-count">
        {count} {userType === 'artist' ? 'brand campaigns' : 'artist pitches'}
        {filter === 'high-match' ? ' with match score 85+ or engagement 18%+' : ''}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {userType === 'artist'
          ? campaigns.map((item) => (
              <CampaignCard
                key={item.id}
                item={item}
                onOpen={() => setSelected({ kind: 'campaign', item })}
                onAction={() => notifyComingSoon('Express Interest')}
              />
            ))
          : pitches.map((item) => (
              <PitchCard
                key={item.id}
                item={item}
                onOpen={() => setSelected({ kind: 'pitch', item })}
                onAction={() => notifyComingSoon('Start Conversation')}
              />
            ))}
      </SimpleGrid>
      <DetailModal selected={selected} onClose={() => setSelected(null)} />
    </Stack>
  );
}
