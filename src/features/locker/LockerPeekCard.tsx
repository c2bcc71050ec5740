import { AspectRatio, Badge, Card, Stack, Text, UnstyledButton } from '@mantine/core';
import { Artwork } from '@/components/Artwork';
import { countdownColor, formatTimeLeft } from './countdown';
import classes from './DailyLockerCarousel.module.css';
import { RARITY_COLOR } from './rarity-style';
import type { LockerItem } from './types';

/** A previous/next card beside the current one; activating it moves the carousel there. */
export function LockerPeekCard({
  item,
  minutesLeft,
  label,
  onSelect,
}: {
  item: LockerItem;
  minutesLeft: number;
  label: string;
  onSelect: () => void;
}) {
  return (
    <UnstyledButton className={classes.peek} onClick={onSelect} aria-label={`${label}: ${item.title}`} tabIndex={-1}>
      <Card
        withBorder
        radius="lg"
        padding={0}
        style={{ borderColor: `var(--mantine-color-${RARITY_COLOR[item.rarity]}-filled)` }}
      >
        <Card.Section className={classes.peekThumb}>
          <AspectRatio ratio={3 / 4} h="100%">
            <Artwork src={item.thumbnail} />
          </AspectRatio>
        </Card.Section>
        <Stack gap={4} p="xs" className={classes.peekDetails}>
          <Text size="sm" fw={600} lineClamp={1}>
            {item.title}
          </Text>
          <Text size="xs" c="dimmed" lineClamp={1}>
            {item.artist}
          </Text>
          {item.real ? (
            <Badge color={item.real.locked ? 'gray' : 'grape'} variant="light" size="sm">
              {item.real.locked ? 'Locked' : 'New release'}
            </Badge>
          ) : (
            <Badge color={countdownColor(minutesLeft)} variant="light" size="sm">
              {formatTimeLeft(minutesLeft)}
            </Badge>
          )}
        </Stack>
      </Card>
    </UnstyledButton>
  );
}
