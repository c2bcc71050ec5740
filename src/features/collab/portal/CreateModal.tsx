import { Button, MultiSelect, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { Modal } from '@/components/Modal';
import { useMediaQuery } from '@mantine/hooks';
import type { FormEvent } from 'react';
import { PAYOUT_MODELS, PITCH_BUDGET_RANGES, PROPOSAL_TIMELINES, type CollabUserType } from '../collab-rules';
import { notifyComingSoon } from '@/lib/coming-soon';
import { ARTIST_GENRE_OPTIONS } from '@/lib/artist-identity';

const BRAND_TYPES = ['Audio hardware', 'Streetwear', 'Beverages', 'Creative software', 'Skate', 'Coffee'];
const FOLLOWER_FILTERS = ['Any size', '500+', '1K+', '5K+', '10K+', '50K+'];

/** 'Pitch to Brands' for artists, 'Create Campaign' for brands; submitting is not wired yet. */
export function CreateModal({
  opened,
  onClose,
  userType,
}: {
  opened: boolean;
  onClose: () => void;
  userType: CollabUserType;
}) {
  const phone = useMediaQuery('(max-width: 36em)');
  const artist = userType === 'artist';
  function submit(event: FormEvent) {
    event.preventDefault();
    notifyComingSoon(artist ? 'Sending pitches' : 'Launching campaigns');
  }
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={artist ? 'Pitch to Brands' : 'Create Campaign'}
      size="lg"
      centered
      fullScreen={phone}
    >
      <form onSubmit={submit}>
        {artist ? (
          <Stack gap="md">
            <TextInput label="Title" name="title" placeholder="e.g. Warehouse Sessions" data-autofocus />
            <Textarea label="Concept" name="concept" autosize minRows={3} placeholder="What would you make together?" />
            <MultiSelect label="Target brands" data={BRAND_TYPES} placeholder="Pick brand types" clearable />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select label="Budget range" data={[...PITCH_BUDGET_RANGES]} placeholder="Pick a range" />
              <Select label="Timeline" data={[...PROPOSAL_TIMELINES]} placeholder="Pick a timeline" />
            </SimpleGrid>
            <Button type="submit" color="green">
              Send Pitch
            </Button>
          </Stack>
        ) : (
          <Stack gap="md">
            <TextInput label="Title" name="title" placeholder="e.g. Hear It Raw" data-autofocus />
            <Textarea
              label="Cultural context"
              name="context"
              autosize
              minRows={3}
              placeholder="Which scene, and why now?"
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <MultiSelect label="Genre filter" data={ARTIST_GENRE_OPTIONS} placeholder="Any genre" clearable />
              <Select label="Followers filter" data={FOLLOWER_FILTERS} placeholder="Any size" />
              <TextInput label="Budget" name="budget" placeholder="e.g. $25,000" />
              <Select label="Payout model" data={[...PAYOUT_MODELS]} placeholder="Pick a model" />
            </SimpleGrid>
            <Button type="submit" color="blue">
              Launch Campaign
            </Button>
          </Stack>
        )}
      </form>
    </Modal>
  );
}
