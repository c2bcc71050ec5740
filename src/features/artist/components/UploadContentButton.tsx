import { Button } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { notifyComingSoon } from '../coming-soon';

/** 'Upload Content' — opens the Upload Manager of the uploads feature. */
export function UploadContentButton() {
  return (
    <Button leftSection={<IconUpload size={18} />} color="green" onClick={() => notifyComingSoon('Upload Content')}>
      Upload Content
    </Button>
  );
}
