import { Button, Group } from '@mantine/core';
import { IconFilePlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import type { EnqueueFile } from '@sync/outbox';
import { useAuthSnapshot } from '@/lib/use-auth-snapshot';
import { UploadManagerButton, useUploadOutbox } from '@/features/uploads';
import type { BucketItem, BucketViewer } from './bucket-types';
import { BucketView } from './BucketView';
import { mergeBucketItems } from './content-to-bucket';
import { useContentActions } from './api/use-content-actions';
import { useManageContent } from './ManageContentDialogs';
import { SimpleUploadModal, type SimpleUploadValues } from './SimpleUploadModal';
import { signContentUrl, useBucketContent, useInitialSync } from './use-bucket-content';

/** `type`: what the content check found the bytes to be (storage, the row and the server agree on it). */
function toEnqueueFile(file: File, values: SimpleUploadValues, type: string): EnqueueFile {
  return {
    file,
    name: file.name,
    type,
    metadata: {
      title: values.title.trim(),
      album: values.album,
      genre: '',
      description: values.description,
      tags: [],
      credits: '',
      collaborators: [],
      isPublic: values.isPublic,
      subscriptionTier: 'free',
      unlockDate: !values.isPublic && values.unlockDate ? new Date(values.unlockDate).toISOString() : null,
      releaseDate: values.releaseDate || null,
    },
  };
}

/** The bucket on real data: content_items rows plus, for the artist, files still in the outbox. */
export function ArtistBucket({ viewer, artistId }: { viewer: BucketViewer; artistId?: string }) {
  const { user } = useAuthSnapshot();
  const ownerId = artistId ?? (viewer === 'artist' ? (user?.id ?? null) : null);
  const isOwner = viewer === 'artist' && !!user && user.id === ownerId;
  const { outbox, entries } = useUploadOutbox();
  const completedCount = entries.filter((e) => e.status === 'completed').length;
  const { rows, loading } = useBucketContent(ownerId, completedCount);
  // This device's first sync is still running: rows keep arriving and are shown as they land.
  const initialSync = useInitialSync();
  const [simpleOpen, setSimpleOpen] = useState(false);
  const contentActions = useContentActions();
  const manage = useManageContent(isOwner ? contentActions : null);

  const items = useMemo(() => mergeBucketItems(rows, isOwner ? entries : []), [rows, entries, isOwner]);
  const resolveUrl = (item: BucketItem, purpose: 'play' | 'download') =>
    item.downloadUrl
      ? signContentUrl(item.downloadUrl, purpose === 'download' ? item.name : undefined)
      : Promise.resolve(null);

  const submitSimple = async (files: File[], values: SimpleUploadValues, types: string[]) => {
    if (!outbox) return;
    const result = await outbox.enqueue(files.map((file, i) => toEnqueueFile(file, values, types[i] ?? file.type)));
    if (result.refused.length > 0) throw new Error(result.refused.map((r) => r.message).join(' '));
  };

  return (
    <>
      <BucketView
        viewer={viewer}
        items={items}
        // nothing has arrived yet: 'Loading…', not the empty state ('No content available')
        loading={loading || (initialSync && rows.length === 0)}
        syncing={initialSync}
        resolveUrl={resolveUrl}
        manage={manage.handlers}
        actions={
          isOwner ? (
            <Group gap="xs">
              <Button variant="default" leftSection={<IconFilePlus size={16} />} onClick={() => setSimpleOpen(true)}>
                Quick Upload
              </Button>
              <UploadManagerButton />
            </Group>
          ) : null
        }
      />
      {isOwner ? (
        <SimpleUploadModal opened={simpleOpen} onClose={() => setSimpleOpen(false)} onSubmit={submitSimple} />
      ) : null}
      {manage.dialogs}
    </>
  );
}
