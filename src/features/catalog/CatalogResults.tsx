import { EmptyState, Group, Pagination, SimpleGrid, Stack } from '@mantine/core';
import { IconMoodEmpty } from '@tabler/icons-react';
import { startTransition, useEffect, useState, type CSSProperties } from 'react';
import type { SampleArtist } from '@/sample/artists';
import { ArtistCard, ArtistRow } from './ArtistCard';
import type { CatalogView } from './CatalogFilters';
import { paginate } from './filter-artists';

export const PAGE_SIZE = 24;
/** Cards rendered with the first paint (and prerendered); the rest of the page follows in steps. */
const FIRST_PAINT_ITEMS = 4;
/** Cards added per follow-up step until the page is complete. */
const FOLLOW_UP_BATCH = 4;

/**
 * Cards below the first screenful skip layout and paint until scrolled near (content-visibility),
 * yet stay in the DOM: find-in-page, Tab and screen readers reach every artist of the page.
 */
const OFFSCREEN_FRIENDLY: CSSProperties = { contentVisibility: 'auto', containIntrinsicSize: 'auto 460px' };

export interface CatalogResultsProps {
  /** The artists matching the page's search and genre (already filtered). */
  matches: SampleArtist[];
  view: CatalogView;
  page: number;
  onPageChange: (page: number) => void;
}

/** One page of matching artists as grid cards or list rows, with pagination and the empty state. */
export function CatalogResults({ matches, view, page, onPageChange }: CatalogResultsProps) {
  // The first screenful paints at once; the rest of the page follows a few cards per task, each
  // step an interruptible render with a small commit, so a phone keeps answering input while the
  // cards arrive (one 20-card commit is a long task of its own).
  const [count, setCount] = useState(FIRST_PAINT_ITEMS);
  useEffect(() => {
    if (count >= PAGE_SIZE) return undefined;
    const next = window.setTimeout(() => startTransition(() => setCount((c) => c + FOLLOW_UP_BATCH)), 0);
    return () => window.clearTimeout(next);
  }, [count]);
  const shown = paginate(matches, page, PAGE_SIZE);
  const items = shown.items.slice(0, count);

  if (matches.length === 0) {
    return (
      <EmptyState
        icon={<IconMoodEmpty size={28} />}
        variant="light"
        title="No artists found"
        description="Try adjusting your search or genre filter"
        py="xl"
      />
    );
  }
  return (
    <>
      {view === 'grid' ? (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="md">
          {items.map((artist, index) => (
            <div key={artist.id} style={index < FIRST_PAINT_ITEMS ? undefined : OFFSCREEN_FRIENDLY}>
              <ArtistCard artist={artist} />
            </div>
          ))}
        </SimpleGrid>
      ) : (
        <Stack gap="sm">
          {items.map((artist, index) => (
            <div key={artist.id} style={index < FIRST_PAINT_ITEMS ? undefined : OFFSCREEN_FRIENDLY}>
              <ArtistRow artist={artist} />
            </div>
          ))}
        </Stack>
      )}
      {shown.pages > 1 ? (
        <Group justify="center">
          <Pagination
            total={shown.pages}
            value={shown.page}
            onChange={onPageChange}
            siblings={1}
            boundaries={1}
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
          />
        </Group>
      ) : null}
    </>
  );
}
