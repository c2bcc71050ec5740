import { Chip, CloseButton, Group, SegmentedControl, TextInput } from '@mantine/core';
import { IconLayoutGrid, IconList, IconSearch } from '@tabler/icons-react';
import { useHydrated } from '@/lib/use-hydrated';
import { CATALOG_GENRES } from '@/sample/artists';
import type { GenreFilter } from './filter-artists';

export type CatalogView = 'grid' | 'list';

const GENRE_CHIPS: GenreFilter[] = ['all', ...CATALOG_GENRES];

/** Search box, Grid/List toggle and the genre chips of the catalog. */
export function CatalogFilters({
  query,
  onQueryChange,
  genre,
  onGenreChange,
  view,
  onViewChange,
}: {
  query: string;
  onQueryChange: (value: string) => void;
  genre: GenreFilter;
  onGenreChange: (value: GenreFilter) => void;
  view: CatalogView;
  onViewChange: (value: CatalogView) => void;
}) {
  // inert until hydrated: a search typed before then would not filter.
  const inert = !useHydrated();
  return (
    <>
      <Group gap="sm" align="center" inert={inert}>
        <TextInput
          type="search"
          aria-label="Search artists"
          placeholder="Search artists, genres, or vibes..."
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={
            query ? <CloseButton size="sm" aria-label="Clear search" onClick={() => onQueryChange('')} /> : null
          }
          value={query}
          onChange={(event) => onQueryChange(event.currentTarget.value)}
          radius="xl"
          size="md"
          style={{ flex: '1 1 260px' }}
        />
        <SegmentedControl
          aria-label="View"
          value={view}
          onChange={(value) => onViewChange(value as CatalogView)}
          data={[
            {
              value: 'grid',
              label: (
                <Group gap={6} wrap="nowrap">
                  <IconLayoutGrid size={16} aria-hidden />
                  <span>Grid</span>
                </Group>
              ),
            },
            {
              value: 'list',
              label: (
                <Group gap={6} wrap="nowrap">
                  <IconList size={16} aria-hidden />
                  <span>List</span>
                </Group>
              ),
            },
          ]}
        />
      </Group>
      <Chip.Group multiple={false} value={genre} onChange={(value) => onGenreChange(value as GenreFilter)}>
        <Group gap={6} role="radiogroup" aria-label="Genre" inert={inert}>
          {GENRE_CHIPS.map((chip) => (
            <Chip key={chip} value={chip} variant="light" radius="xl" tt="capitalize">
              {chip}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </>
  );
}
