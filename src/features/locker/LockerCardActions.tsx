import { Button, Group, Text } from '@mantine/core';
import {
  IconBookmark,
  IconBookmarkFilled,
  IconFlame,
  IconHeart,
  IconLock,
  IconMessageCircle,
  IconShare,
  IconStar,
} from '@tabler/icons-react';
import { useState, type ComponentType } from 'react';
import { formatCompactNumber } from '@/lib/format';
import { CommentModal } from './CommentModal';
import { canComment, commentBlockedLabel } from './locker-actions';
import { shareDrop, type ShareOutcome } from './share-drop';
import type { LockerItem, ReactionKind } from './types';

export interface LockerCardHandlers {
  onReact?: (itemId: string, reaction: ReactionKind) => void;
  onSave?: (itemId: string) => void;
  /** Called after the drop was shared or its link copied. */
  onShare?: (itemId: string) => void;
  onComment?: (itemId: string, text: string) => void | Promise<void>;
  onUseCode?: (itemId: string) => void;
}

const REACTIONS: { kind: ReactionKind; label: string; color: string; Icon: ComponentType<{ size?: number }> }[] = [
  { kind: 'heart', label: 'Heart', color: 'red', Icon: IconHeart },
  { kind: 'fire', label: 'Fire', color: 'orange', Icon: IconFlame },
  { kind: 'star', label: 'Star', color: 'yellow', Icon: IconStar },
];

const SHARE_MESSAGE: Record<ShareOutcome, string> = {
  shared: 'Shared',
  copied: 'Link copied',
  cancelled: '',
  failed: 'Could not share this drop',
};

/** Reactions with counts, save, share (Web Share API or copied link) and the tier-gated comment button. */
export function LockerCardActions({
  item,
  fanTier,
  onReact,
  onSave,
  onShare,
  onComment,
  commentOnly = false,
}: LockerCardHandlers & {
  item: LockerItem;
  fanTier: number;
  /** A locked real drop: only the comment button, blocked with the tier it needs. */
  commentOnly?: boolean;
}) {
  const [shareMessage, setShareMessage] = useState('');
  const [commentOpen, setCommentOpen] = useState(false);
  // The comment form (and its form state) exists from the first open on, so a draft survives
  // closing the dialog; a card that was never commented on does not build it.
  const [commentUsed, setCommentUsed] = useState(false);
  if (commentOpen && !commentUsed) setCommentUsed(true);
  const commentAllowed = canComment(fanTier, item);

  async function share() {
    const outcome = await shareDrop(item);
    setShareMessage(SHARE_MESSAGE[outcome]);
    if (outcome === 'shared' || outcome === 'copied') onShare?.(item.id);
  }

  const commentButton = commentAllowed ? (
    <Button
      size="compact-sm"
      variant="default"
      leftSection={<IconMessageCircle size={16} />}
      onClick={() => setCommentOpen(true)}
    >
      Comment · {formatCompactNumber(item.commentCount)}
    </Button>
  ) : (
    <Button size="compact-sm" variant="default" leftSection={<IconLock size={16} />} disabled>
      {commentBlockedLabel(item)}
    </Button>
  );
  if (commentOnly) return <Group gap={6}>{commentButton}</Group>;

  return (
    <>
      <Group gap={6} role="group" aria-label="Reactions">
        {REACTIONS.map(({ kind, label, color, Icon }) => {
          const active = item.userReaction === kind;
          return (
            <Button
              key={kind}
              size="compact-sm"
              radius="xl"
              color={active ? color : 'gray'}
              variant={active ? 'light' : 'subtle'}
              leftSection={<Icon size={16} />}
              aria-pressed={active}
              aria-label={`${label} (${item.reactions[kind]})`}
              onClick={() => onReact?.(item.id, kind)}
            >
              {formatCompactNumber(item.reactions[kind])}
            </Button>
          );
        })}
      </Group>
      <Group gap={6} justify="space-between">
        <Group gap={6}>
          <Button
            size="compact-sm"
            variant={item.isSaved ? 'light' : 'default'}
            leftSection={item.isSaved ? <IconBookmarkFilled size={16} /> : <IconBookmark size={16} />}
            aria-pressed={item.isSaved}
            onClick={() => onSave?.(item.id)}
          >
            {item.isSaved ? 'Saved' : 'Save'}
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconShare size={16} />}
            onClick={() => void share()}
          >
            Share · {formatCompactNumber(item.shareCount)}
          </Button>
        </Group>
        {commentButton}
      </Group>
      <Text size="xs" c="dimmed" aria-live="polite" mih={16}>
        {shareMessage}
      </Text>
      {commentUsed ? (
        <CommentModal
          opened={commentOpen}
          itemTitle={item.title}
          onClose={() => setCommentOpen(false)}
          onSubmit={async (text) => {
            await onComment?.(item.id, text);
            setCommentOpen(false);
          }}
        />
      ) : null}
    </>
  );
}
