import { ActionIcon, Box, Group, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { positionLabel, visibleIndices, wrapIndex } from './carousel-indices';
import { COUNTDOWN_TICK_MS } from './countdown';
import classes from './DailyLockerCarousel.module.css';
import { LockerCard } from './LockerCard';
import type { LockerCardHandlers } from './LockerCardActions';
import { LockerEmptyState } from './LockerEmptyState';
import { LockerPeekCard } from './LockerPeekCard';
import type { OfflineMedia } from './offline-media/use-offline-media';
import type { LockerItem } from './types';
import { useMinuteTicks } from './use-minute-ticks';

export interface DailyLockerCarouselProps extends LockerCardHandlers {
  items: LockerItem[];
  /** The fan's numeric tier; comments need fanTier ≥ item.fanTierRequired. */
  fanTier: number;
  /** Index shown first (default 0). */
  initialIndex?: number;
  /** Accessible name of the carousel region. */
  label?: string;
  /** Offline listening for music drops; without it no player is shown (demos). */
  media?: OfflineMedia;
}

/** The Daily Locker: previous, current and next cards, dots, wrap-around and 'n of m'. */
export function DailyLockerCarousel({
  items,
  fanTier,
  initialIndex = 0,
  label = 'Daily Locker',
  media,
  ...handlers
}: DailyLockerCarouselProps) {
  const [index, setIndex] = useState(initialIndex);
  const [announcement, setAnnouncement] = useState('');
  const ticks = useMinuteTicks(items);
  const regionRef = useRef<HTMLDivElement>(null);
  const length = items.length;
  const { previous, current, next } = visibleIndices(index, length);
  const currentItem = items[current];
  const minutesLeft = (item: LockerItem) => item.timeLeft - (ticks * COUNTDOWN_TICK_MS) / 60_000;

  // Announce only the moment the shown drop expires — not every minute.
  const currentExpired = currentItem ? minutesLeft(currentItem) <= 0 : false;
  const expiredRef = useRef(currentExpired);
  useEffect(() => {
    if (currentExpired && !expiredRef.current && currentItem) setAnnouncement(`${currentItem.title} has expired`);
    expiredRef.current = currentExpired;
  }, [currentExpired, currentItem]);

  if (!currentItem) return <LockerEmptyState />;

  function goTo(target: number) {
    const wrapped = wrapIndex(target, length);
    setIndex(wrapped);
    const item = items[wrapped];
    if (item) setAnnouncement(`${positionLabel(wrapped, length)}: ${item.title}`);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.target !== regionRef.current) return;
    const moves: Record<string, number> = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: length - 1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    goTo(target);
  }

  return (
    <Stack gap="sm">
      <Box
        ref={regionRef}
        role="region"
        aria-roledescription="carousel"
        aria-label={`${label}, use the left and right arrow keys to browse`}
        tabIndex={0}
        onKeyDown={onKeyDown}
        style={{ outlineOffset: 4, borderRadius: 'var(--mantine-radius-lg)' }}
      >
        <div className={classes.track}>
          <div>
            {previous !== null && items[previous] ? (
              <LockerPeekCard
                item={items[previous]}
                minutesLeft={minutesLeft(items[previous])}
                label="Previous drop"
                onSelect={() => goTo(current - 1)}
              />
            ) : null}
          </div>
          <div role="group" aria-roledescription="slide" aria-label={positionLabel(current, length)}>
            <LockerCard
              key={currentItem.id}
              item={currentItem}
              fanTier={fanTier}
              minutesLeft={minutesLeft(currentItem)}
              media={media}
              onNextTrack={() => goTo(current + 1)}
              onPreviousTrack={() => goTo(current - 1)}
              {...handlers}
            />
          </div>
          <div>
            {next !== null && items[next] ? (
              <LockerPeekCard
                item={items[next]}
                minutesLeft={minutesLeft(items[next])}
                label="Next drop"
                onSelect={() => goTo(current + 1)}
              />
            ) : null}
          </div>
        </div>
      </Box>

      <Group justify="space-between" wrap="nowrap" gap="xs">
        <ActionIcon
          variant="default"
          size="lg"
          radius="xl"
          aria-label="Previous drop"
          onClick={() => goTo(current - 1)}
        >
          <IconChevronLeft size={18} />
        </ActionIcon>
        <Stack gap={2} align="center" style={{ minWidth: 0 }}>
          <Group gap={0} justify="center" role="group" aria-label="Choose a drop">
            {items.map((item, dotIndex) => (
              <UnstyledButton
                key={item.id}
                className={classes.dotButton}
                aria-label={`Go to drop ${dotIndex + 1}: ${item.title}`}
                aria-current={dotIndex === current}
                onClick={() => goTo(dotIndex)}
              >
                <span className={classes.dot} aria-current={dotIndex === current} />
              </UnstyledButton>
            ))}
          </Group>
          <Text size="sm" c="dimmed" data-testid="locker-position">
            {positionLabel(current, length)}
          </Text>
        </Stack>
        <ActionIcon variant="default" size="lg" radius="xl" aria-label="Next drop" onClick={() => goTo(current + 1)}>
          <IconChevronRight size={18} />
        </ActionIcon>
      </Group>
      <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>
    </Stack>
  );
}
