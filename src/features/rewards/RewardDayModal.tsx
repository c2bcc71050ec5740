import { Alert, AspectRatio, Badge, Button, Group, Image, Loader, Stack, Text } from '@mantine/core';
import { Modal } from '@/components/Modal';
import {
  IconBookmark,
  IconBookmarkFilled,
  IconHeart,
  IconHeartFilled,
  IconLock,
  IconReplace,
  IconShare,
} from '@tabler/icons-react';
import { useState } from 'react';
import { formatDate } from '@/lib/format';
import { RARITY_COLOR } from './rarity-color';
import { replacedNote } from './replaced-note';
import { rewardDayState } from './reward-rules';
import { shareReward } from './share-reward';
import type { DailyReward } from './types';
import type { ClaimPhase } from './use-reward-claim';

export interface RewardDayHandlers {
  onReact?: (day: number) => void;
  onShare?: (day: number) => void;
  onSave?: (day: number) => void;
}

/** The day-detail modal: claimed days React/Share/Save, locked days 'Locked - Come back later'. */
export function RewardDayModal({
  reward,
  claim,
  onClose,
  onClaim,
  onReact,
  onShare,
  onSave,
}: RewardDayHandlers & {
  reward: DailyReward | null;
  claim: ClaimPhase;
  onClose: () => void;
  onClaim: (day: number) => void;
}) {
  const [shareMessage, setShareMessage] = useState('');
  const state = reward ? rewardDayState(reward) : 'locked';
  const claiming = claim.phase === 'claiming' && claim.day === reward?.day;
  const note = reward ? replacedNote(reward) : null;

  async function share(current: DailyReward) {
    const outcome = await shareReward(current);
    setShareMessage(outcome === 'copied' ? 'Link copied' : outcome === 'failed' ? 'Could not share this reward' : '');
    if (outcome === 'shared' || outcome === 'copied') onShare?.(current.day);
  }

  return (
    <Modal
      opened={reward !== null}
      onClose={() => {
        setShareMessage('');
        onClose();
      }}
      title={reward ? `Day ${reward.day}${reward.isToday ? ' · Today' : ''}` : ''}
      centered
    >
      {reward ? (
        <Stack gap="sm">
          <AspectRatio ratio={16 / 9}>
            <Image src={reward.thumbnail} alt="" radius="md" />
          </AspectRatio>
          <Group gap={6}>
            <Badge color={RARITY_COLOR[reward.rarity]} variant="filled">
              {reward.rarity}
            </Badge>
            <Badge variant="light" color="gray">
              {reward.type}
            </Badge>
            {reward.streakBonus ? (
              <Badge variant="light" color="orange">
                Streak Bonus
              </Badge>
            ) : null}
          </Group>
          <div>
            <Text fw={700} size="lg">
              {reward.title}
            </Text>
            <Text size="sm" c="dimmed">
              {reward.artist}
              {reward.brandName ? ` · presented by ${reward.brandName}` : ''}
            </Text>
          </div>
          <Text size="sm">{reward.description}</Text>
          {note ? (
            <Alert color="orange" variant="light" icon={<IconReplace size={18} aria-hidden />} p="xs">
              <Text size="sm">{note}</Text>
            </Alert>
          ) : null}

          {state === 'locked' ? (
            <Alert color="gray" icon={<IconLock size={18} />} title="Locked - Come back later">
              {reward.unlockDate ? `Unlocks ${formatDate(`${reward.unlockDate}T00:00:00`)}.` : null}
            </Alert>
          ) : null}

          {state === 'claimable' ? (
            <Button
              size="md"
              onClick={() => onClaim(reward.day)}
              disabled={claim.phase === 'claiming'}
              leftSection={claiming ? <Loader size={16} color="white" /> : null}
            >
              {claiming ? 'Claiming...' : 'Claim Reward'}
            </Button>
          ) : null}

          {state === 'claimed' ? (
            <Group gap="xs" grow>
              <Button
                variant={reward.isReacted ? 'light' : 'default'}
                color="red"
                leftSection={reward.isReacted ? <IconHeartFilled size={16} /> : <IconHeart size={16} />}
                aria-pressed={Boolean(reward.isReacted)}
                onClick={() => onReact?.(reward.day)}
              >
                React
              </Button>
              <Button variant="default" leftSection={<IconShare size={16} />} onClick={() => void share(reward)}>
                Share
              </Button>
              <Button
                variant={reward.isSaved ? 'light' : 'default'}
                leftSection={reward.isSaved ? <IconBookmarkFilled size={16} /> : <IconBookmark size={16} />}
                aria-pressed={Boolean(reward.isSaved)}
                onClick={() => onSave?.(reward.day)}
              >
                {reward.isSaved ? 'Saved' : 'Save'}
              </Button>
            </Group>
          ) : null}
          <Text size="xs" c="dimmed" aria-live="polite" mih={16}>
            {shareMessage}
          </Text>
        </Stack>
      ) : null}
    </Modal>
  );
}
