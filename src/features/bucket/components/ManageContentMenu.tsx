import { ActionIcon, Menu } from '@mantine/core';
import { IconDotsVertical, IconEdit, IconEye, IconEyeOff, IconTrash } from '@tabler/icons-react';
import { releaseStateOf } from '../content-release';
import type { BucketItem, ManagedContent } from '../bucket-types';

export interface ManageContentHandlers {
  onPublish: (item: BucketItem) => void;
  onUnpublish: (item: BucketItem) => void;
  onEdit: (item: BucketItem) => void;
  onDelete: (item: BucketItem) => void;
}

/** Per-item actions for the artist: publish / unpublish, edit, delete. */
export function ManageContentMenu({
  item,
  managed,
  handlers,
}: {
  item: BucketItem;
  managed: ManagedContent;
  handlers: ManageContentHandlers;
}) {
  const state = releaseStateOf({ is_public: managed.isPublic, unlock_date: managed.unlockDate });
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Manage ${item.name}`}>
          <IconDotsVertical size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {state !== 'released' ? (
          <Menu.Item leftSection={<IconEye size={14} />} onClick={() => handlers.onPublish(item)}>
            {state === 'scheduled' ? 'Publish now' : 'Publish'}
          </Menu.Item>
        ) : null}
        {state !== 'draft' ? (
          <Menu.Item leftSection={<IconEyeOff size={14} />} onClick={() => handlers.onUnpublish(item)}>
            Unpublish
          </Menu.Item>
        ) : null}
        <Menu.Item leftSection={<IconEdit size={14} />} onClick={() => handlers.onEdit(item)}>
          Edit
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => handlers.onDelete(item)}>
          Delete
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
