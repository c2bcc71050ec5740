/**
 * Pure shaping of the bucket's items: folders by album, filters
 * (all, audio only, plus unlocked and locked for fans), sort (date newest first — default —,
 * name, type). Folders keep only children that pass the filter and disappear when empty.
 */
import type { BucketFilter, BucketItem, BucketSort, BucketViewer } from './bucket-types';

export const FILTERS_BY_VIEWER: Record<BucketViewer, BucketFilter[]> = {
  artist: ['all', 'audio'],
  fan: ['all', 'audio', 'unlocked', 'locked'],
};

/** Files with an album go into a folder named after it; the rest stay at the top level. */
export function groupByAlbum(items: readonly BucketItem[]): BucketItem[] {
  const folders = new Map<string, BucketItem[]>();
  const loose: BucketItem[] = [];
  for (const item of items) {
    if (item.type === 'folder') {
      loose.push(item);
      continue;
    }
    const album = item.metadata.album?.trim();
    if (!album) loose.push(item);
    else folders.set(album, [...(folders.get(album) ?? []), item]);
  }
  const folderItems = [...folders.entries()].map<BucketItem>(([album, children]) => ({
    id: `folder:${album}`,
    name: album,
    type: 'folder',
    uploadDate: children.reduce((latest, c) => (c.uploadDate > latest ? c.uploadDate : latest), ''),
    size: children.reduce((sum, c) => sum + c.size, 0),
    metadata: { album },
    isLocked: false,
    downloadUrl: null,
    children,
  }));
  return [...folderItems, ...loose];
}

function passes(item: BucketItem, filter: BucketFilter, viewer: BucketViewer): boolean {
  if (filter === 'audio') return item.type === 'audio';
  if (viewer === 'fan' && filter === 'unlocked') return !item.isLocked;
  if (viewer === 'fan' && filter === 'locked') return item.isLocked;
  return true;
}

export function filterItems(items: readonly BucketItem[], filter: BucketFilter, viewer: BucketViewer): BucketItem[] {
  const out: BucketItem[] = [];
  for (const item of items) {
    if (item.type === 'folder') {
      const children = filterItems(item.children ?? [], filter, viewer);
      if (children.length > 0) out.push({ ...item, children });
    } else if (passes(item, filter, viewer)) {
      out.push(item);
    }
  }
  return out;
}

function time(item: BucketItem): number {
  const ms = Date.parse(item.uploadDate);
  return Number.isNaN(ms) ? 0 : ms;
}

const BY: Record<BucketSort, (a: BucketItem, b: BucketItem) => number> = {
  date: (a, b) => time(b) - time(a) || a.name.localeCompare(b.name),
  name: (a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }),
  type: (a, b) => a.type.localeCompare(b.type) || a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }),
};

export function sortItems(items: readonly BucketItem[], sort: BucketSort): BucketItem[] {
  return [...items]
    .map((item) => (item.children ? { ...item, children: sortItems(item.children, sort) } : item))
    .sort(BY[sort]);
}

export function shapeBucket(
  items: readonly BucketItem[],
  options: { filter: BucketFilter; sort: BucketSort; viewer: BucketViewer; groupAlbums?: boolean },
): BucketItem[] {
  const grouped = options.groupAlbums === false ? [...items] : groupByAlbum(items);
  const allowed = FILTERS_BY_VIEWER[options.viewer].includes(options.filter) ? options.filter : 'all';
  return sortItems(filterItems(grouped, allowed, options.viewer), options.sort);
}

/** Play/download only when unlocked (or the viewer is the artist) and a URL exists. */
export function canPlayOrDownload(item: BucketItem, viewer: BucketViewer): boolean {
  return (viewer === 'artist' || !item.isLocked) && !!item.downloadUrl && !item.upload;
}
