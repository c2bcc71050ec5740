import { EmptyState } from '@mantine/core';
import { IconLockOpen } from '@tabler/icons-react';

/** Spec §2: the Daily Locker with no drops. */
export function LockerEmptyState() {
  return (
    <EmptyState
      icon={<IconLockOpen size={28} />}
      variant="light"
      title="Your Locker is Empty"
      description="Check back tomorrow for new drops!"
      py="xl"
    />
  );
}
