import { ActionIcon, Badge, Box, Collapse, Group, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import {
  IconChevronDown,
  IconChevronRight,
  IconDownload,
  IconFile,
  IconFileText,
  IconFolder,
  IconLock,
  IconMusic,
  IconPhoto,
  IconPlayerPause,
  IconPlayerPlay,
} from '@tabler/icons-react';
import { useState } from 'react';
import { formatDate, formatMegabytes } from '@/lib/format';
import { UploadStatusLine } from '@/features/uploads';
import { canPlayOrDownload } from '../bucket-tree';
import type { BucketItem, BucketViewer } from '../bucket-types';
import { InlineAudioPlayer } from './InlineAudioPlayer';
import { ManageContentMenu, type ManageContentHandlers } from './ManageContentMenu';
import { ManagedContentStatus } from './ManagedContentStatus';

const ICONS = { audio: IconMusic, image: IconPhoto, document: IconFileText, folder: IconFolder, other: IconFile };

export interface BucketNodeActions {
  playingId: string | null;
  playingUrl: string | null;
  onTogglePlay: (item: BucketItem) => void;
  onDownload: (item: BucketItem) => void;
  /** The artist's per-item actions (their own bucket, local database open). */
  manage?: ManageContentHandlers;
}

export function BucketNode({
  item,
  viewer,
  depth,
  actions,
}: {
  item: BucketItem;
  viewer: BucketViewer;
  depth: number;
  actions: BucketNodeActions;
}) {
  const [open, setOpen] = useState(true);
  const Icon = ICONS[item.type];
  if (item.type === 'folder') {
    return (
      <Box component="li" style={{ listStyle: 'none' }}>
        <UnstyledButton onClick={() => setOpen((o) => !o)} aria-expanded={open} w="100%" py={6} pl={depth * 12}>
          <Group gap="xs" wrap="nowrap">
            {open ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
            <IconFolder size={18} color="var(--mantine-color-yellow-5)" />
            <Text fw={600} size="sm" truncate>
              {item.name}
            </Text>
            <Text size="xs" c="dimmed">
              {item.children?.length ?? 0} items
            </Text>
          </Group>
        </UnstyledButton>
        <Collapse expanded={open}>
          <Stack component="ul" gap={0} p={0} m={0}>
            {(item.children ?? []).map((child) => (
              <BucketNode key={child.id} item={child} viewer={viewer} depth={depth + 1} actions={actions} />
            ))}
          </Stack>
        </Collapse>
      </Box>
    );
  }
  const usable = canPlayOrDownload(item, viewer);
  const playing = actions.playingId === item.id;
  return (
    <Box component="li" style={{ listStyle: 'none' }} py={6} pl={depth * 12 + 22} data-testid="bucket-item">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <Icon size={18} aria-hidden style={{ flexShrink: 0 }} />
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm" truncate>
              {item.name}
            </Text>
            <Text size="xs" c="dimmed">
              {/* a locked item's size is not public (the server sends only its public fields) */}
              {[
                formatDate(item.uploadDate),
                item.isLocked && !item.size ? null : formatMegabytes(item.size),
                item.metadata.duration,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
            {viewer === 'artist' && item.managed ? <ManagedContentStatus managed={item.managed} /> : null}
          </Stack>
        </Group>
        <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
          {viewer === 'fan' && item.isLocked ? (
            <Badge color="gray" variant="light" leftSection={<IconLock size={12} />}>
              Locked
            </Badge>
          ) : null}
          {usable && item.type === 'audio' ? (
            <Tooltip label={playing ? 'Pause' : 'Play'}>
              <ActionIcon
                variant="light"
                onClick={() => actions.onTogglePlay(item)}
                aria-label={`${playing ? 'Pause' : 'Play'} ${item.name}`}
              >
                {playing ? <IconPlayerPause size={16} /> : <IconPlayerPlay size={16} />}
              </ActionIcon>
            </Tooltip>
          ) : null}
          {usable ? (
            <Tooltip label="Download">
              <ActionIcon
                variant="subtle"
                onClick={() => actions.onDownload(item)}
                aria-label={`Download ${item.name}`}
              >
                <IconDownload size={16} />
              </ActionIcon>
            </Tooltip>
          ) : null}
          {viewer === 'artist' && item.managed && actions.manage ? (
            <ManageContentMenu item={item} managed={item.managed} handlers={actions.manage} />
          ) : null}
        </Group>
      </Group>
      {item.upload ? (
        <Box mt={4}>
          <UploadStatusLine status={item.upload.status} progress={item.upload.progress} />
        </Box>
      ) : null}
      {playing && actions.playingUrl ? (
        <Box mt={6}>
          <InlineAudioPlayer src={actions.playingUrl} title={item.name} />
        </Box>
      ) : null}
    </Box>
  );
}
