import { notifications } from '@mantine/notifications';
import { useMemo, useState, type ReactNode } from 'react';
import type { ContentActions } from './api/use-content-actions';
import type { BucketItem } from './bucket-types';
import { DeleteContentModal } from './components/DeleteContentModal';
import { EditContentModal } from './components/EditContentModal';
import type { ManageContentHandlers } from './components/ManageContentMenu';

function failed(action: string) {
  return (error: unknown) =>
    notifications.show({
      color: 'red',
      title: `${action} failed`,
      message: error instanceof Error ? error.message : String(error),
    });
}

/** The artist's per-item handlers and the edit / delete dialogs they open. */
export function useManageContent(actions: ContentActions | null): {
  handlers: ManageContentHandlers | undefined;
  dialogs: ReactNode;
} {
  const [editing, setEditing] = useState<BucketItem | null>(null);
  const [deleting, setDeleting] = useState<BucketItem | null>(null);
  const handlers = useMemo<ManageContentHandlers | undefined>(
    () =>
      actions
        ? {
            onPublish: (item) => void actions.publish(item.id).catch(failed('Publish')),
            onUnpublish: (item) => void actions.unpublish(item.id).catch(failed('Unpublish')),
            onEdit: setEditing,
            onDelete: setDeleting,
          }
        : undefined,
    [actions],
  );
  const managed = editing?.managed;
  const dialogs = (
    <>
      {actions && editing && managed ? (
        <EditContentModal
          key={editing.id}
          item={{
            title: editing.name,
            description: managed.description,
            subscription_tier_required: managed.tier,
            is_public: managed.isPublic,
            unlock_date: managed.unlockDate,
          }}
          onClose={() => setEditing(null)}
          onSave={(edit) => actions.save(editing.id, edit)}
        />
      ) : null}
      {actions && deleting ? (
        <DeleteContentModal
          key={deleting.id}
          title={deleting.name}
          onClose={() => setDeleting(null)}
          onConfirm={() => actions.remove(deleting.id)}
        />
      ) : null}
    </>
  );
  return { handlers, dialogs };
}
