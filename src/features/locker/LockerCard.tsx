import { AspectRatio, Badge, Box, Card, Group, Stack, Text, Title, useMantineTheme } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { formatDate } from '@/lib/format';
import { Artwork } from '@/components/Artwork';
import { countdownColor, formatTimeLeft } from './countdown';
import { LockerCardActions, type LockerCardHandlers } from './LockerCardActions';
import { LockerCode } from './LockerCode';
import { LockerTrack } from './offline-media/LockerTrack';
import type { OfflineMedia } from './offline-media/use-offline-media';
import { RARITY_COLOR, RARITY_LABEL } from './rarity-style';
import { readableTextOn } from './readable-text';
import { realDropActions, tierLabel } from './real-drops/real-drop';
import { RealLockerTrack } from './real-drops/RealLockerTrack';
import type { LockerItem } from './types';

const TYPE_LABEL: Record<LockerItem['type'], string> = {
  music: 'Music',
  video: 'Video',
  code: 'Code',
  event: 'Event',
  image: 'Image',
  bonus: 'Bonus',
  other: 'Drop',
};

export interface LockerCardProps extends LockerCardHandlers {
  item: LockerItem;
  fanTier: number;
  minutesLeft: number;
  /** Offline listening for music drops (the signed-in fan's kept tracks). */
  media?: OfflineMedia;
  /** Media Session 'next'/'previous' (the carousel's neighbours). */
  onNextTrack?: () => void;
  onPreviousTrack?: () => void;
}

/** The current (centre) card of the Daily Locker: artwork, timing, code, reactions and comments. */
export function LockerCard({
  item,
  fanTier,
  minutesLeft,
  media,
  onNextTrack,
  onPreviousTrack,
  ...handlers
}: LockerCardProps) {
  const theme = useMantineTheme();
  const rarityColor = RARITY_COLOR[item.rarity];
  const expired = minutesLeft <= 0;
  // A real drop follows the fan's tier with its artist and what the server lets them read.
  const actions = item.real ? realDropActions(item.real) : 'all';
  return (
    <Card
      withBorder
      radius="lg"
      padding="md"
      data-rarity={item.rarity}
      style={{
        borderColor: `var(--mantine-color-${rarityColor}-filled)`,
        borderWidth: item.rarity === 'common' ? 1 : 2,
        boxShadow:
          item.rarity === 'legendary' || item.rarity === 'epic'
            ? `0 0 24px -6px var(--mantine-color-${rarityColor}-filled)`
            : undefined,
      }}
    >
      <Card.Section pos="relative">
        <AspectRatio ratio={16 / 9}>
          <Artwork src={item.thumbnail} style={expired ? { filter: 'grayscale(0.8)' } : undefined} />
        </AspectRatio>
        <Group pos="absolute" top={10} left={10} right={10} justify="space-between" align="flex-start" gap={6}>
          <Group gap={6}>
            <Badge color={rarityColor} c={readableTextOn(theme, rarityColor)} variant="filled">
              {RARITY_LABEL[item.rarity]}
            </Badge>
            {item.isNew ? (
              <Badge color="pink" c={readableTextOn(theme, 'pink')} variant="filled">
                NEW
              </Badge>
            ) : null}
          </Group>
          {item.real ? (
            <Badge color="grape" variant="filled">
              {tierLabel(item.real.tierRequired)}
            </Badge>
          ) : (
            <Badge
              color={countdownColor(minutesLeft)}
              c={readableTextOn(theme, countdownColor(minutesLeft))}
              variant="filled"
              leftSection={<IconClock size={12} aria-hidden />}
              aria-label={expired ? 'Expired' : `Time left: ${formatTimeLeft(minutesLeft)}`}
            >
              {formatTimeLeft(minutesLeft)}
            </Badge>
          )}
        </Group>
      </Card.Section>

      <Stack gap="xs" mt="sm">
        <Group gap={6}>
          <Badge variant="light" color="gray" size="sm">
            {TYPE_LABEL[item.type]}
          </Badge>
          {item.claimedDate ? (
            <Badge variant="light" color="teal" size="sm">
              Claimed {formatDate(item.claimedDate)}
            </Badge>
          ) : null}
        </Group>
        <Box>
          <Title order={3} size="h4" lineClamp={2}>
            {item.title}
          </Title>
          <Text size="sm" c="dimmed">
            {item.artist}
            {item.brandName ? ` · presented by ${item.brandName}` : ''}
          </Text>
        </Box>
        {item.description ? (
          <Text size="sm" lineClamp={3}>
            {item.description}
          </Text>
        ) : null}
        {item.real ? (
          <RealLockerTrack
            item={{ ...item, real: item.real }}
            media={item.type === 'music' ? media : undefined}
            onNextTrack={onNextTrack}
            onPreviousTrack={onPreviousTrack}
          />
        ) : media && item.type === 'music' ? (
          <LockerTrack item={item} fanTier={fanTier} minutesLeft={minutesLeft} media={media} />
        ) : null}
        {item.codeValue ? (
          <LockerCode
            code={item.codeValue}
            isUsed={item.isUsed}
            expired={expired}
            onUse={handlers.onUseCode ? () => handlers.onUseCode?.(item.id) : undefined}
          />
        ) : null}
        {actions === 'none' ? null : (
          <LockerCardActions
            item={item}
            fanTier={item.real ? item.real.fanTier : fanTier}
            commentOnly={actions === 'comment-blocked'}
            {...handlers}
          />
        )}
      </Stack>
    </Card>
  );
}
