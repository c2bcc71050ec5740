import { AspectRatio, Card, Group, Skeleton, Stack } from '@mantine/core';
import classes from './DailyLockerCarousel.module.css';

/**
 * The Daily Locker while its first drops are on their way: the carousel's own grid, a current card
 * with 16:9 artwork and the navigation row, at about their final size (no layout shift below).
 */
export function LockerSkeleton() {
  return (
    <Stack gap="sm" role="status" aria-label="Loading your Daily Locker" data-testid="locker-skeleton">
      <div className={classes.track}>
        <div>
          <Skeleton h={160} radius="lg" />
        </div>
        <Card withBorder radius="lg" padding="md">
          <Card.Section>
            <AspectRatio ratio={16 / 9}>
              <Skeleton radius={0} />
            </AspectRatio>
          </Card.Section>
          <Skeleton mt="md" radius="md" className={classes.skeletonDetails} />
        </Card>
        <div>
          <Skeleton h={160} radius="lg" />
        </div>
      </div>
      <Group justify="space-between" wrap="nowrap" h={46}>
        <Skeleton h={34} w={34} circle />
        <Skeleton h={10} w={120} radius="xl" />
        <Skeleton h={34} w={34} circle />
      </Group>
    </Stack>
  );
}
