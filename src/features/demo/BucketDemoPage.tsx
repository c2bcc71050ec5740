import { Button, Group, SegmentedControl, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { PageFrame } from '@/components/PageFrame';
import { FEATURED_ARTIST } from '@/sample/artists';
import { BucketView, SimpleUploadModal, type BucketItem, type BucketViewer, type SimpleUploadValues } from '@/features/bucket';
import { sampleBucketItems } from './bucket-demo/sample-bucket';
import { simulatedItems } from './bucket-demo/simulated-upload';

/** /bucket-demo: the bucket viewed as Fan or Artist, with a simulated upload (no server). */
export function BucketDemoPage() {
  const [viewer, setViewer] = useState<BucketViewer>('fan');
  const [items, setItems] = useState<BucketItem[]>(() => sampleBucketItems());
  const [uploadOpen, setUploadOpen] = useState(false);

  const addSimulated = (files: File[], values: SimpleUploadValues) => {
    // The modal has already waited the demo's 2 s; new items go on top.
    setItems((current) => [...simulatedItems(files, values, FEATURED_ARTIST.name), ...current]);
  };

  return (
    <PageFrame title="Bucket Demo" description="View a bucket as a fan or an artist, with a simulated upload.">
      <Group gap="sm">
        <Text size="sm" fw={500} id="bucket-demo-view-as">
          View as
        </Text>
        <SegmentedControl
          aria-labelledby="bucket-demo-view-as"
          value={viewer}
          onChange={(value) => setViewer(value as BucketViewer)}
          data={[
            { value: 'fan', label: 'Fan' },
            { value: 'artist', label: 'Artist' },
          ]}
        />
      </Group>
      <BucketView
        viewer={viewer}
        items={items}
        actions={
          <Button leftSection={<IconUpload size={16} />} onClick={() => setUploadOpen(true)}>
            Upload
          </Button>
        }
      />
      <SimpleUploadModal
        opened={uploadOpen}
        onClose={() => setUploadOpen(false)}
        onSubmit={addSimulated}
        delayMs={2000}
      />
    </PageFrame>
  );
}
