import { Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState, type ReactNode } from 'react';
import { FILTERS_BY_VIEWER, shapeBucket } from './bucket-tree';
import type { BucketFilter, BucketItem, BucketSort, BucketViewer } from './bucket-types';
import { BucketNode, type BucketNodeActions } from './components/BucketNode';
import type { ManageContentHandlers } from './components/ManageContentMenu';

const FILTER_LABELS: Record<BucketFilter, string> = {
  all: 'All files',
  audio: 'Audio only',
  unlocked: 'Unlocked',
  locked: 'Locked',
};
const SORT_OPTIONS: { value: BucketSort; label: string }[] = [
  { value: 'date', label: 'Date (newest first)' },
  { value: 'name', label: 'Name' },
  { value: 'type', label: 'Type' },
];

/** Top-level entries rendered at first and per 'Show more' (an artist may hold thousands). */
export const BUCKET_PAGE_SIZE = 50;

export interface BucketViewProps {
  viewer: BucketViewer;
  items: BucketItem[];
  loading?: boolean;
  /** Rows are still arriving (initial sync): what has arrived is shown, with a note saying so. */
  syncing?: boolean;
  /** Turns an item's `downloadUrl` (e.g. a storage path) into a usable URL; identity when absent. */
  resolveUrl?: (item: BucketItem, purpose: 'play' | 'download') => Promise<string | null>;
  /** Artist-only actions (upload buttons). */
  actions?: ReactNode;
  /** Artist-only per-item actions (publish, edit, delete) on their own items. */
  manage?: ManageContentHandlers;
  children?: ReactNode;
}

async function download(url: string, name: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/** The bucket file browser: tree, filter, sort, play and download. */
export function BucketView({
  viewer,
  items,
  loading = false,
  syncing = false,
  resolveUrl,
  actions,
  manage,
  children,
}: BucketViewProps) {
  const [filter, setFilter] = useState<BucketFilter>('all');
  const [sort, setSort] = useState<BucketSort>('date');
  // Rendering every row of a large bucket blocks the page for seconds; show a page at a time.
  const [shown, setShown] = useState(BUCKET_PAGE_SIZE);
  const [playing, setPlaying] = useState<{ id: string; url: string } | null>(null);
  const shaped = useMemo(() => shapeBucket(items, { filter, sort, viewer }), [items, filter, sort, viewer]);
  const resolve = (item: BucketItem, purpose: 'play' | 'download') =>
    resolveUrl ? resolveUrl(item, purpose) : Promise.resolve(item.downloadUrl);

  const nodeActions: BucketNodeActions = {
    playingId: playing?.id ?? null,
    playingUrl: playing?.url ?? null,
    onTogglePlay: (item) => {
      if (playing?.id === item.id) {
        setPlaying(null);
        return;
      }
      void resolve(item, 'play').then((url) => setPlaying(url ? { id: item.id, url } : null));
    },
    onDownload: (item) => {
      void resolve(item, 'download').then((url) => (url ? download(url, item.name) : undefined));
    },
    manage: viewer === 'artist' ? manage : undefined,
  };

  return (
    <Card
      withBorder
      padding="md"
      component="section"
      aria-label={viewer === 'artist' ? 'Your Bucket' : 'Artist Bucket'}
    >
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Title order={2} size="h3">
            {viewer === 'artist' ? 'Your Bucket' : 'Artist Bucket'}
          </Title>
          {viewer === 'artist' ? actions : null}
        </Group>
        <Group gap="sm" wrap="wrap">
          <Select
            label="Filter"
            size="xs"
            w={150}
            data={FILTERS_BY_VIEWER[viewer].map((value) => ({ value, label: FILTER_LABELS[value] }))}
            value={filter}
            onChange={(value) => {
              setFilter((value as BucketFilter | null) ?? 'all');
              setShown(BUCKET_PAGE_SIZE);
            }}
            allowDeselect={false}
          />
          <Select
            label="Sort"
            size="xs"
            w={180}
            data={SORT_OPTIONS}
            value={sort}
            onChange={(value) => {
              setSort((value as BucketSort | null) ?? 'date');
              setShown(BUCKET_PAGE_SIZE);
            }}
            allowDeselect={false}
          />
        </Group>
        {children}
        {syncing && !loading ? (
          <Text size="sm" c="dimmed" role="status">
            Syncing… {items.length.toLocaleString('en-US')} {items.length === 1 ? 'item' : 'items'} so far
          </Text>
        ) : null}
        {loading ? (
          <Text c="dimmed" ta="center" py="lg">
            Loading bucket contents...
          </Text>
        ) : shaped.length === 0 ? (
          <Stack gap={4} align="center" py="lg">
            <Text fw={500}>No content available</Text>
            {viewer === 'artist' ? (
              <Text size="sm" c="dimmed">
                Upload your first track to get started
              </Text>
            ) : null}
          </Stack>
        ) : (
          <>
            <Stack component="ul" gap={0} p={0} m={0} aria-label="Bucket contents">
              {shaped.slice(0, shown).map((item) => (
                <BucketNode key={item.id} item={item} viewer={viewer} depth={0} actions={nodeActions} />
              ))}
            </Stack>
            {shaped.length > shown ? (
              <Group justify="space-between" gap="sm">
                <Text size="sm" c="dimmed" data-testid="bucket-count">
                  Showing {shown.toLocaleString('en-US')} of {shaped.length.toLocaleString('en-US')} items
                </Text>
                <Button variant="default" size="xs" onClick={() => setShown((n) => n + BUCKET_PAGE_SIZE)}>
                  Show more
                </Button>
              </Group>
            ) : null}
          </>
        )}
      </Stack>
    </Card>
  );
}
