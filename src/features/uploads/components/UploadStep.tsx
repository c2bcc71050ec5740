import { ActionIcon, Button, Group, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconFile, IconTrash, IconUpload, IconX } from '@tabler/icons-react';
import { formatMegabytes } from '@/lib/format';
import { isAcceptedFile, MANAGER_ACCEPT, MANAGER_TYPES_LABEL, rejectionMessage } from '../accepted-types';
import type { DialogFile } from '../dialog-reducer';
import { FileErrorList } from './FileErrorList';

interface UploadStepProps {
  files: DialogFile[];
  errors: string[];
  /** One drop: the files whose name and type are accepted, and a message per refused file. */
  onDrop: (files: File[], refused: string[]) => void;
  /** The dropped files' contents are being checked. */
  checking: boolean;
  onRemove: (key: string) => void;
  onContinue: () => void;
  disabled: boolean;
}

/** Dropzone validator: extension AND MIME type must both be accepted. */
function validateFile(file: File) {
  return isAcceptedFile(file.name, file.type, MANAGER_ACCEPT)
    ? null
    : { code: 'file-invalid-type', message: 'File type not accepted' };
}

export function UploadStep({ files, errors, onDrop, checking, onRemove, onContinue, disabled }: UploadStepProps) {
  // One handler per drop, so accepted and refused files of the same drop are reported together.
  const handleDrop = (accepted: File[], rejections: FileRejection[]) =>
    onDrop(
      accepted,
      rejections.map((r) => rejectionMessage(r.file.name, r.errors[0]?.code ?? 'unknown', MANAGER_TYPES_LABEL)),
    );
  return (
    <Stack gap="md">
      <Dropzone
        onDropAny={handleDrop}
        onDrop={() => undefined}
        loading={checking}
        accept={MANAGER_ACCEPT}
        validator={validateFile}
        multiple
        disabled={disabled}
        aria-label="Drop files here or browse"
      >
        <Group justify="center" gap="md" mih={140} style={{ pointerEvents: 'none' }}>
          <Dropzone.Accept>
            <IconUpload size={44} stroke={1.5} />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={44} stroke={1.5} />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconUpload size={44} stroke={1.5} />
          </Dropzone.Idle>
          <div>
            <Text size="lg" fw={600}>
              Drag files here or click to browse
            </Text>
            <Text size="sm" c="dimmed" mt={4}>
              Audio (MP3, WAV, FLAC, M4A), video (MP4, MOV, AVI) and images (JPG, JPEG, PNG, GIF). Multiple files
              allowed.
            </Text>
          </div>
        </Group>
      </Dropzone>
      {checking ? (
        <Text size="sm" c="dimmed" role="status">
          Checking files…
        </Text>
      ) : null}
      <FileErrorList errors={errors} title="Some files were not added" />
      {files.length > 0 ? (
        <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {files.map((item) => (
            <Group key={item.key} component="li" justify="space-between" wrap="nowrap" gap="sm">
              <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                <IconFile size={18} />
                <Text size="sm" truncate>
                  {item.file.name}
                </Text>
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {formatMegabytes(item.file.size)}
                </Text>
              </Group>
              <ActionIcon
                variant="subtle"
                color="red"
                onClick={() => onRemove(item.key)}
                aria-label={`Remove ${item.file.name}`}
                disabled={disabled}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      ) : null}
      <Group justify="flex-end">
        <Button onClick={onContinue} disabled={files.length === 0 || disabled}>
          Continue
        </Button>
      </Group>
    </Stack>
  );
}
