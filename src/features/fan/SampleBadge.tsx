import { Badge } from '@mantine/core';

/** Marks an item the 'Mock Data' switch shows: sample content, not the fan's own. */
export function SampleBadge() {
  return (
    <Badge size="xs" color="gray" variant="outline" data-sample>
      Sample
    </Badge>
  );
}
