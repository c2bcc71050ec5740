import { ActionIcon, Button, Group, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { Modal } from '@/components/Modal';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { useForm } from '@mantine/form';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { formatMegabytes } from '@/lib/format';
import {
  checkUploadFiles,
  FileErrorList,
  isAcceptedFile,
  rejectionMessage,
  SIMPLE_ACCEPT,
  SIMPLE_TYPES_LABEL,
} from '@/features/uploads';

export interface SimpleUploadValues {
  title: string;
  album: string;
  /** yyyy-mm-dd or ''. */
  releaseDate: string;
  description: string;
  isPublic: boolean;
  /** yyyy-mm-ddThh:mm or '' (= unlock manually later); only used when not public. */
  unlockDate: string;
}

interface SimpleUploadModalProps {
  opened: boolean;
  onClose: () => void;
  /** `types[i]`: what the bytes of `files[i]` are (the content check's MIME type), not the browser's guess. */
  onSubmit: (files: File[], values: SimpleUploadValues, types: string[]) => Promise<void> | void;
  /** The demo's simulated upload time (2 s); 0 for real uploads. */
  delayMs?: number;
}

function validateFile(file: File) {
  return isAcceptedFile(file.name, file.type, SIMPLE_ACCEPT)
    ? null
    : { code: 'file-invalid-type', message: 'File type not accepted' };
}

/** The bucket's simple upload modal, artist only. */
export function SimpleUploadModal({ opened, onClose, onSubmit, delayMs = 0 }: SimpleUploadModalProps) {
  const [files, setFiles] = useState<{ file: File; mime: string }[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const [checking, setChecking] = useState(false);
  const form = useForm<SimpleUploadValues>({
    initialValues: { title: '', album: '', releaseDate: '', description: '', isPublic: true, unlockDate: '' },
    validate: { title: (value) => (value.trim() ? null : 'Title is required') },
  });

  const handleReject = (rejections: FileRejection[]) =>
    setErrors(rejections.map((r) => rejectionMessage(r.file.name, r.errors[0]?.code ?? '', SIMPLE_TYPES_LABEL)));

  // The same content check as the Upload Manager: a refused file gets a message and is not added.
  const addFiles = async (dropped: File[]) => {
    setErrors([]);
    setChecking(true);
    try {
      const checked = await checkUploadFiles(dropped);
      setErrors(checked.refused);
      setFiles((current) => [...current, ...checked.accepted.map((a) => ({ file: a.file, mime: a.content.mime }))]);
    } finally {
      setChecking(false);
    }
  };

  const submit = form.onSubmit(async (values) => {
    if (files.length === 0 || uploading) return;
    setUploading(true);
    try {
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      await onSubmit(
        files.map((f) => f.file),
        { ...values, unlockDate: values.isPublic ? '' : values.unlockDate },
        files.map((f) => f.mime),
      );
      setFiles([]);
      form.reset();
      onClose();
    } catch (error) {
      setErrors([error instanceof Error ? error.message : String(error)]);
    } finally {
      setUploading(false);
    }
  });

  const disabled = files.length === 0 || !form.values.title.trim() || uploading || checking;
  return (
    <Modal opened={opened} onClose={onClose} title="Upload to Bucket" centered size="md">
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Dropzone
            onDrop={(dropped) => void addFiles(dropped)}
            onReject={handleReject}
            accept={SIMPLE_ACCEPT}
            validator={validateFile}
            disabled={uploading || checking}
          >
            <Group justify="center" gap="sm" mih={90} style={{ pointerEvents: 'none' }}>
              <IconUpload size={32} stroke={1.5} />
              <div>
                <Text fw={600}>Drop files or click to browse</Text>
                <Text size="xs" c="dimmed">
                  Audio, image, video, PDF, TXT or MD
                </Text>
              </div>
            </Group>
          </Dropzone>
          <FileErrorList errors={errors} />
          {checking ? (
            <Text size="sm" c="dimmed" role="status">
              Checking files...
            </Text>
          ) : null}
          {files.map(({ file }, index) => (
            <Group key={`${file.name}-${index}`} justify="space-between" wrap="nowrap">
              <Text size="sm" truncate>
                {file.name}{' '}
                <Text span size="xs" c="dimmed">
                  {formatMegabytes(file.size)}
                </Text>
              </Text>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove ${file.name}`}
                onClick={() => setFiles((current) => current.filter((_, i) => i !== index))}
                disabled={uploading}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
          <TextInput label="Title" withAsterisk {...form.getInputProps('title')} />
          <TextInput label="Album" {...form.getInputProps('album')} />
          <TextInput label="Release Date" type="date" {...form.getInputProps('releaseDate')} />
          <Textarea label="Description" autosize minRows={2} {...form.getInputProps('description')} />
          <Switch label="Public" {...form.getInputProps('isPublic', { type: 'checkbox' })} />
          {!form.values.isPublic ? (
            <TextInput
              label="Unlock Date"
              type="datetime-local"
              description="Leave empty to unlock manually later"
              {...form.getInputProps('unlockDate')}
            />
          ) : null}
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose} disabled={uploading}>
              Cancel
            </Button>
            <Button type="submit" disabled={disabled}>
              {uploading ? 'Uploading...' : 'Upload'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
