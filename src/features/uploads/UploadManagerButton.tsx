import { Button, type ButtonProps } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { UploadManagerDialog } from './UploadManagerDialog';
import { useUploadOutbox } from './use-upload-outbox';

/** The artist's 'Upload Content' button and its dialog. */
export function UploadManagerButton({ label = 'Upload Content', ...buttonProps }: ButtonProps & { label?: string }) {
  const [opened, setOpened] = useState(false);
  const { outbox, entries } = useUploadOutbox();
  const active = entries.filter((e) => e.status === 'pending' || e.status === 'uploading').length;
  return (
    <>
      <Button leftSection={<IconUpload size={18} />} onClick={() => setOpened(true)} {...buttonProps}>
        {label}
        {active > 0 ? ` (${active})` : ''}
      </Button>
      <UploadManagerDialog opened={opened} onClose={() => setOpened(false)} outbox={outbox} entries={entries} />
    </>
  );
}
