import { Button, Group, Stack, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useContext, useState } from 'react';
import { followArtist, unfollowArtist } from '@sync/writes';
import { SyncContext } from '@/data/sync-context';
import {
  ManageSubscriptionButton,
  PaymentButton,
  perMonth,
  startCheckout,
  TierChangeButton,
  useArtistTiers,
} from '@/features/payments';
import type { RealArtist } from './real-artist';

const RANK: Record<string, number> = { free: 0, tier1: 1, tier2: 2, tier3: 3 };

/**
 * '$X/month' (the artist's own prices from the server; pays through Stripe Checkout, disabled
 * with its reason when payments are off, offline or signed out); for a paid tier, the artist's
 * other tiers as prorated plan changes and 'Manage subscription'; and 'Join' (the free tier: follows for real, a local subscriptions write the sync
 * engine pushes).
 */
export function JoinButtons({ artist, tier }: { artist: RealArtist; tier: string | undefined }) {
  const sync = useContext(SyncContext);
  const db = sync?.userId && !sync.error ? sync.db : null;
  const [error, setError] = useState('');
  const { status, tiers } = useArtistTiers(sync?.userId ? artist.id : undefined);
  const paidRank = tier ? (RANK[tier] ?? 0) : 0;

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
      {tiers.length > 0 && paidRank === 0 ? (
        <Group gap={6} grow wrap="nowrap">
          {tiers.map((offer) => (
            <PaymentButton
              key={offer.level}
              size="compact-sm"
              variant="light"
              aria-label={`${offer.name}: ${perMonth(offer.price)} with ${artist.name}`}
              title={`Tier ${offer.level} · ${offer.name}${offer.benefits.length ? ` — ${offer.benefits.join(', ')}` : ''}`}
              onPay={() => startCheckout(artist.id, offer.level)}
            >
              {perMonth(offer.price)}
            </PaymentButton>
          ))}
        </Group>
      ) : status === 'ready' && sync?.userId && paidRank === 0 ? (
        <Text size="xs" c="dimmed">
          No paid tiers yet.
        </Text>
      ) : null}
      {paidRank > 0 && tiers.some((t) => t.level !== paidRank) ? (
        <Group gap={6} grow wrap="nowrap">
          {tiers
            .filter((t) => t.level !== paidRank)
            .map((offer) => (
              <TierChangeButton
                key={offer.level}
                artistId={artist.id}
                tier={offer}
                from={paidRank}
                size="compact-sm"
                variant="light"
              >
                {`Tier ${offer.level} · ${perMonth(offer.price)}`}
              </TierChangeButton>
            ))}
        </Group>
      ) : null}
      {paidRank > 0 ? <ManageSubscriptionButton size="compact-sm" /> : null}
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
