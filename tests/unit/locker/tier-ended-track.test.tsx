// @vitest-environment happy-dom
// A track kept for offline listening whose tier has ended: once the synced row says locked, the
// kept copy is deleted from the device (it no longer plays offline) and the card says why.
import 'fake-indexeddb/auto';
import { MantineProvider } from '@mantine/core';
import { act, useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { useOfflineMedia, type OfflineMedia } from '../../../src/features/locker/offline-media/use-offline-media';
import { RealLockerTrack } from '../../../src/features/locker/real-drops/RealLockerTrack';
import { KEPT_COPY_REMOVED, tierEndedText } from '../../../src/features/locker/real-drops/real-drop';
import type { LockerItem } from '../../../src/features/locker/types';
import { reactRootPerTest } from '../react-root';

const dom = reactRootPerTest();
const ARTIST = '00000000-0000-4000-8000-000000000001';

const item = (locked: boolean): LockerItem & { real: NonNullable<LockerItem['real']> } => ({
  id: 'item-1',
  type: 'music',
  title: 'Members Only',
  artist: 'Nova Static',
  description: '',
  thumbnail: '',
  rarity: 'rare',
  isNew: false,
  timeLeft: 0,
  reactions: { heart: 0, fire: 0, star: 0 },
  userReaction: null,
  isSaved: false,
  isUsed: false,
  shareCount: 0,
  commentCount: 0,
  fanTierRequired: 1,
  priority: 0,
  real: {
    contentId: 'item-1',
    artistId: ARTIST,
    filePath: locked ? null : `${ARTIST}/members.mp3`,
    mimeType: 'audio/mpeg',
    locked,
    tierRequired: 'tier1',
    fanTier: locked ? 0 : 1,
    unlockDate: null,
  },
});

let current: OfflineMedia | undefined;
/** The fan's kept tracks, and the track as the last sync left it (rendered only once locked). */
function Track({ locked }: { locked: boolean }) {
  const media = useOfflineMedia('fan-1');
  useEffect(() => {
    current = media;
  }, [media]);
  return locked ? <RealLockerTrack item={item(true)} media={media} /> : null;
}

async function until(check: () => boolean) {
  for (let i = 0; i < 300; i += 1) {
    if (check()) return;
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  }
  throw new Error('timed out');
}

describe('a kept track whose tier ended', () => {
  it('is removed from the device when the row says locked, and the card says so', async () => {
    const render = (locked: boolean) =>
      act(() =>
        dom.root.render(
          <MantineProvider>
            <Track locked={locked} />
          </MantineProvider>,
        ),
      );
    await render(false);
    await until(() => current !== undefined);
    await act(() => current!.keep(item(false), new Blob([new Uint8Array([1, 2, 3])], { type: 'audio/mpeg' })));
    await until(() => current!.isKept('item-1'));

    // the next sync brings the row locked (the tier ended)
    await render(true);
    await until(() => !current!.isKept('item-1'));
    await until(() => dom.container.textContent?.includes(KEPT_COPY_REMOVED) ?? false);
    expect(dom.container.textContent).toContain('Locked');
    expect(dom.container.textContent).toContain('Tier 1 and up unlocks this track');
    expect(await current!.blobFor('item-1')).toBeNull();
  });

  it('says why the tier ended, for each reason the server records', () => {
    expect(tierEndedText('payment_failed')).toMatch(/payment failed and the 7-day grace period is over/);
    expect(tierEndedText('refunded')).toMatch(/refunded/);
    expect(tierEndedText('disputed')).toMatch(/disputed/);
    expect(tierEndedText('canceled')).toMatch(/subscription/);
    expect(tierEndedText(null)).toBeNull();
  });
});
