import { Button, Group, Stack, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useContext, useState } from 'react';
import { followArtist, unfollowArtist } from '../../../../sync/writes/follow-artist';
import { SyncContext } from '../../../data/sync-context';
import { PaymentButton } from '../../payments';
import { REAL_TIER_OFFERS, type RealArtist } from './real-artist';

/**
 * '$X/month' (paid tiers: the payment path, disabled with its reason without a key) and 'Join'
 * (the free tier: follows for real, a local subscriptions write the sync engine pushes).
 */
export function JoinButtons({ artist, tier }: { artist: RealArtist; tier: string | undefined }) {
  const sync = useContext(SyncContext);
  const db = sync?.userId && !sync.error ? sync.db : null;
  const [error, setError] = useState('');

  async function run(action: () => Promise<void>) {
    setError('');
    try {
      await action();
    } catch (cause) {
      console.error('[catalog] follow failed', cause);
      setError('Could not update your follow on this device. Please try again.');
    }
  }

  return (
    <Stack gap={6}>
      <Group gap={6} grow wrap="nowrap">
        {REAL_TIER_OFFERS.map((offer) => (
          <PaymentButton
            key={offer.id}
            size="compact-sm"
            variant="light"
            aria-label={`${offer.name}: $${offer.price}/month with ${artist.name}`}
          >
            ${offer.price}/month
          </PaymentButton>
        ))}
      </Group>
      {!db || !sync?.userId ? (
        <Button component={Link} to="/welcome" size="sm" fullWidth variant="filled" aria-label={`Join ${artist.name}`}>
          Join
        </Button>
      ) : tier ? (
        <Group gap={6} grow wrap="nowrap">
          <Button
            size="sm"
            variant="light"
            color="teal"
            leftSection={<IconCheck size={16} />}
            tabIndex={-1}
            component="div"
          >
            {tier === 'free' ? 'Joined' : `Joined · ${tier.replace('tier', 'Tier ')}`}
          </Button>
          <Button
            size="sm"
            variant="subtle"
            color="gray"
            aria-label={`Leave ${artist.name}`}
            onClick={() => void run(() => unfollowArtist(db, sync.userId!, artist.id))}
          >
            Leave
          </Button>
        </Group>
      ) : (
        <Button
          size="sm"
          fullWidth
          aria-label={`Join ${artist.name}`}
          onClick={() =>
            void run(() => followArtist(db, { fanId: sync.userId!, artistId: artist.id, artistName: artist.name }))
          }
        >
          Join
        </Button>
      )}
      {!db ? (
        <Text size="xs" c="dimmed">
          Sign in as a fan to join for free.
        </Text>
      ) : null}
      {error ? (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
