import { UnstyledButton } from '@mantine/core';
import { IconCheck, IconGift, IconLock, IconReplace } from '@tabler/icons-react';
import { formatShortCalendarDate } from '@/lib/format';
import { RARITY_COLOR } from './rarity-color';
import { replacedMarkerLabel } from './replaced-note';
import { rewardDayState } from './reward-rules';
import classes from './RewardsCalendar.module.css';
import type { DailyReward } from './types';

const STATE_TEXT = { claimed: 'claimed', claimable: 'ready to claim', locked: 'locked' } as const;

/** One day of the 7-column grid; every day opens its detail. */
export function RewardDayCell({ reward, onOpen }: { reward: DailyReward; onOpen: (day: number) => void }) {
  const state = rewardDayState(reward);
  const Icon = state === 'claimed' ? IconCheck : state === 'claimable' ? IconGift : IconLock;
  const date = formatShortCalendarDate(reward.unlockDate);
  const replaced = replacedMarkerLabel(reward);
  return (
    <UnstyledButton
      className={classes.cell}
      data-state={state}
      data-today={reward.isToday}
      aria-label={`Day ${reward.day}${reward.isToday ? ', today' : ''}${date ? `, ${date}` : ''}, ${STATE_TEXT[state]}: ${reward.title}${replaced ? ` (${replaced})` : ''}`}
      data-replaced={replaced ? true : undefined}
      onClick={() => onOpen(reward.day)}
    >
      <span
        className={classes.rarityDot}
        style={{ background: `var(--mantine-color-${RARITY_COLOR[reward.rarity]}-filled)` }}
      />
      {/* the button's label names it: a label on a child of a labelled button is never read */}
      {replaced ? <IconReplace className={classes.replacedMarker} aria-hidden /> : null}
      <span className={classes.dayNumber}>{reward.day}</span>
      <Icon size={14} aria-hidden />
      {date ? <span className={classes.cellDate}>{date}</span> : null}
    </UnstyledButton>
  );
}
