import { ActionIcon, Button, Group, Select, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import type { SubscriptionTierId, UploadMetadata } from '@sync/outbox';
import type { DialogFile } from '../dialog-reducer';
import { fromLocalInput, toLocalInput, unlockDateProblem } from '../release-state';
import { SUBSCRIPTION_TIER_OPTIONS, UPLOAD_GENRES } from '../upload-options';

interface MetadataStepProps {
  files: DialogFile[];
  cursor: number;
  onPrevious: () => void;
  onNext: () => void;
  onChange: (key: string, patch: Partial<UploadMetadata>) => void;
  onBack: () => void;
  onContinue: () => void;
}

/** The metadata step: one file at a time ('File n of m'). */
export function MetadataStep({ files, cursor, onPrevious, onNext, onChange, onBack, onContinue }: MetadataStepProps) {
  // The step's opening time judges dates while typing; 'Review' checks again against the clock.
  const [openedAt] = useState(() => Date.now());
  const current = files[cursor];
  if (!current) return null;
  const { metadata } = current;
  const set = (patch: Partial<UploadMetadata>) => onChange(current.key, patch);
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap">
        <ActionIcon variant="default" onClick={onPrevious} disabled={cursor === 0} aria-label="Previous file">
          <IconChevronLeft size={18} />
        </ActionIcon>
        <Stack gap={0} align="center" style={{ minWidth: 0 }}>
          <Text fw={600}>
            File {cursor + 1} of {files.length}
          </Text>
          <Text size="xs" c="dimmed" truncate maw={260}>
            {current.file.name}
          </Text>
        </Stack>
        <ActionIcon variant="default" onClick={onNext} disabled={cursor >= files.length - 1} aria-label="Next file">
          <IconChevronRight size={18} />
        </ActionIcon>
      </Group>
      <TextInput
        label="Title"
        withAsterisk
        value={metadata.title}
        onChange={(e) => set({ title: e.currentTarget.value })}
      />
      <TextInput label="Album/Project" value={metadata.album} onChange={(e) => set({ album: e.currentTarget.value })} />
      <Select
        label="Genre"
        placeholder="Select genre"
        data={UPLOAD_GENRES}
        value={metadata.genre || null}
        onChange={(value) => set({ genre: value ?? '' })}
        clearable
      />
      <Textarea
        label="Description"
        autosize
        minRows={2}
        value={metadata.description}
        onChange={(e) => set({ description: e.currentTarget.value })}
      />
      <Select
        label="Subscription Tier"
        data={SUBSCRIPTION_TIER_OPTIONS}
        value={metadata.subscriptionTier}
        onChange={(value) => set({ subscriptionTier: (value ?? 'free') as SubscriptionTierId })}
        allowDeselect={false}
      />
      <Switch
        label="Public release"
        checked={metadata.isPublic}
        onChange={(e) => set({ isPublic: e.currentTarget.checked })}
      />
      {metadata.isPublic ? null : (
        // Like the simple upload modal: only for content that is not public; empty = unlock later.
        <TextInput
          label="Unlock Date"
          type="datetime-local"
          description="Leave empty to unlock manually later"
          value={toLocalInput(metadata.unlockDate)}
          min={toLocalInput(new Date(openedAt).toISOString())}
          onChange={(e) => set({ unlockDate: fromLocalInput(e.currentTarget.value) })}
          error={unlockDateProblem(metadata, openedAt)}
        />
      )}
      <Group justify="space-between" mt="xs">
        <Button variant="default" onClick={onBack}>
          Back
        </Button>
        <Button onClick={onContinue}>Review</Button>
      </Group>
    </Stack>
  );
}
