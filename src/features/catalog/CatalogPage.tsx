import { Alert, Container, Stack, Text, Title } from '@mantine/core';
import { IconCreditCardOff } from '@tabler/icons-react';
import { useDeferredValue, useMemo, useState } from 'react';
import { usePaymentsAvailability } from '@/features/payments';
import { CatalogFilters, type CatalogView } from './CatalogFilters';
import { CatalogResults } from './CatalogResults';
import { filterArtists, type GenreFilter } from './filter-artists';
import { RealArtistsSection } from './real-artists/RealArtistsSection';
import { useCatalogArtists } from './use-catalog-artists';

/** `/catalog` — the Underground Catalog: search, genre chips, Grid/List, paginated cards. */
export function CatalogPage() {
  const index = useCatalogArtists();
  const payments = usePaymentsAvailability();
  const [query, setQuery] = useState('');
  const [genre, setGenre] = useState<GenreFilter>('all');
  const [view, setView] = useState<CatalogView>('grid');
  const [page, setPage] = useState(1);
  // Typing stays instant: the input updates now, the result list a moment later if React is busy.
  const deferredQuery = useDeferredValue(query);
  const matches = useMemo(() => filterArtists(index, deferredQuery, genre), [index, deferredQuery, genre]);

  function changeQuery(value: string) {
    setQuery(value);
    setPage(1);
  }
  function changeGenre(value: GenreFilter) {
    setGenre(value);
    setPage(1);
  }
  function changePage(value: number) {
    setPage(value);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }

  return (
    <Container size="xl" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={1}>Underground Catalog</Title>
          <Text c="dimmed">Discover underground artists, genres and vibes — and join the ones you love.</Text>
        </Stack>
        <CatalogFilters
          query={query}
          onQueryChange={changeQuery}
          genre={genre}
          onGenreChange={changeGenre}
          view={view}
          onViewChange={setView}
        />
        {payments.reason ? (
          <Alert variant="light" color="gray" icon={<IconCreditCardOff size={18} />} py="xs">
            {payments.reason}
          </Alert>
        ) : null}
        <RealArtistsSection
          query={deferredQuery}
          genre={genre}
          sampleMatches={matches.length}
          samples={
            <>
              <Text size="sm" c="dimmed" aria-live="polite" data-testid="catalog-count">
                {matches.length === 1 ? '1 artist' : `${matches.length.toLocaleString('en-US')} artists`}
              </Text>
              <CatalogResults matches={matches} view={view} page={page} onPageChange={changePage} />
            </>
          }
        />
      </Stack>
    </Container>
  );
}
