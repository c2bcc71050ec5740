// @vitest-environment happy-dom
// useOfflineMedia on a device that never kept a track: the kept-tracks database (and Dexie) stay
// unopened while the dashboard loads, and a track kept later, by this screen or another one
// (another tab's announcement), still shows everywhere.
import 'fake-indexeddb/auto';
import { act, useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { OFFLINE_MEDIA_DB_NAME } from '../../../src/features/locker/offline-media/offline-rules';
import { useOfflineMedia, type OfflineMedia } from '../../../src/features/locker/offline-media/use-offline-media';
import { reactRootPerTest } from '../react-root';

const dom = reactRootPerTest();

const seen: Record<string, OfflineMedia> = {};
function Probe({ name, ownerId }: { name: string; ownerId: string }) {
  const media = useOfflineMedia(ownerId);
  useEffect(() => {
    seen[name] = media;
  }, [name, media]);
  return <p data-name={name}>{media.tracks.map((t) => t.title).join(',') || 'none'}</p>;
}

function media(name: string): OfflineMedia {
  const value = seen[name];
  if (!value) throw new Error(`${name} has not rendered`);
  return value;
}
const text = (name: string) => dom.container.querySelector(`[data-name="${name}"]`)?.textContent;
const databaseNames = async () => (await indexedDB.databases()).map((entry) => entry.name);

async function until(check: () => boolean | Promise<boolean>) {
  for (let i = 0; i < 200; i += 1) {
    if (await check()) return;
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  }
  throw new Error('timed out');
}

describe('useOfflineMedia', () => {
  it('opens no database on a device without kept tracks, and shows a track kept later on every screen', async () => {
    act(() =>
      dom.root.render(
        <>
          <Probe name="here" ownerId="fan-1" />
          <Probe name="other" ownerId="fan-1" />
          <Probe name="someone-else" ownerId="fan-2" />
        </>,
      ),
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(await databaseNames()).not.toContain(OFFLINE_MEDIA_DB_NAME);
    expect(text('here')).toBe('none');

    await act(() => media('here').keep({ id: 'drop-1', title: 'First Light', artist: 'Nova' }));
    await until(() => text('here') === 'First Light' && text('other') === 'First Light');
    expect(await databaseNames()).toContain(OFFLINE_MEDIA_DB_NAME);
    expect(media('other').isKept('drop-1')).toBe(true);
    // Another user of the device never sees it.
    expect(text('someone-else')).toBe('none');
    expect(await media('here').blobFor('drop-1')).not.toBeNull();

    await act(() => media('other').remove('drop-1'));
    await until(() => text('here') === 'none');
  });
});
