import { AspectRatio, Box, Card, Center, EmptyState, Stack, ThemeIcon } from '@mantine/core';
import { IconLockOpen } from '@tabler/icons-react';
import classes from './DailyLockerCarousel.module.css';

/**
 * The Daily Locker with no drops. Drawn in the carousel's own grid as an empty card of a
 * drop's size (artwork area, details block, navigation row's height), the same geometry as the
 * loading skeleton: on a new device the skeleton gives way to it without moving the sections below.
 */
export function LockerEmptyState() {
  return (
    <Stack gap="sm" data-testid="locker-empty">
      <div className={classes.track}>
        <div />
        <Card withBorder radius="lg" padding="md">
          <Card.Section>
            <AspectRatio ratio={16 / 9}>
              <Center>
                <ThemeIcon variant="light" size={64} radius="xl" aria-hidden>
                  <IconLockOpen size={32} />
                </ThemeIcon>
              </Center>
            </AspectRatio>
          </Card.Section>
          <EmptyState
            mt="md"
            variant="light"
            title="Your Locker is Empty"
            description="Check back tomorrow for new drops!"
            className={classes.skeletonDetails}
          />
        </Card>
        <div />
      </div>
      {/* The navigation row's place (the skeleton's dots row): nothing to navigate here. */}
      <Box h={46} />
    </Stack>
  );
}
