// @vitest-environment happy-dom
// A day that replaced a brand's code because the brand stopped its campaign says so: a marker and
// its words in the day cell's label, a note in the day modal and in today's banner. Other days
// say nothing of it.
import { MantineProvider } from '@mantine/core';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import type { DailyRewardDoc } from '../../../sync/schemas/daily-rewards';
import { DailyRewardsCalendar } from '../../../src/features/rewards/DailyRewardsCalendar';
import { rewardsFromRows } from '../../../src/features/rewards/rewards-from-rows';
import { reactRootPerTest } from '../react-root';

const dom = reactRootPerTest();
const FAN = '11111111-1111-4111-8111-111111111111';
const TODAY = new Date(2026, 10, 20);
const NOTE = "Replaces Loop Coffee's code (Night Shift Drop): the brand ended its campaign early.";

const row = (day: number, over: Partial<DailyRewardDoc> = {}): DailyRewardDoc => ({
  id: `${FAN}|${day}`,
  fan_id: FAN,
  day,
  type: 'bonus',
  rarity: 'common',
  title: `Day ${day} Check-in Badge`,
  artist: 'Bucket',
  description: 'Bucket streak reward.',
  thumbnail: 'data:,',
  brand_name: null,
  streak_bonus: false,
  unlock_date: `2026-11-${String(19 + day).padStart(2, '0')}`,
  unlocked_early: false,
  created_at: '2026-11-20T00:00:00Z',
  updated_at: '2026-11-20T00:00:00Z',
  sync_state: 'clean',
  sync_modified: null,
  ...over,
});
const replaced = { replaced_brand_name: 'Loop Coffee', replaced_title: 'Night Shift Drop' };

function render(rows: DailyRewardDoc[]) {
  act(() =>
    dom.root.render(
      <MantineProvider env="test">
        <DailyRewardsCalendar rewards={rewardsFromRows(rows, [], TODAY)} streak={0} />
      </MantineProvider>,
    ),
  );
}
const cell = (day: number) =>
  [...dom.container.querySelectorAll<HTMLButtonElement>('button[aria-label]')].find((b) =>
    b.getAttribute('aria-label')?.startsWith(`Day ${day},`),
  )!;

describe('a day that replaced a stopped campaign', () => {
  it('marks its cell and names the brand in the cell label; other cells carry no mark', () => {
    render([row(1), row(2), row(3, replaced)]);
    expect(cell(3).getAttribute('aria-label')).toBe(
      "Day 3, Nov 22, locked: Day 3 Check-in Badge (replaces Loop Coffee's code)",
    );
    expect(cell(3).dataset.replaced).toBe('true');
    expect(cell(3).querySelectorAll('svg')).toHaveLength(2); // the marker and the lock
    expect(cell(2).getAttribute('aria-label')).not.toMatch(/replaces/);
    expect(cell(2).dataset.replaced).toBeUndefined();
    expect(dom.container.textContent).not.toContain('ended its campaign early');
  });

  it('says what it replaced and why in the day modal', () => {
    render([row(1), row(2), row(3, replaced)]);
    act(() => cell(3).click());
    expect(document.body.textContent).toContain(NOTE);
    act(() => cell(2).click());
    expect(document.body.textContent).not.toContain('ended its campaign early');
  });

  it("says it in today's banner when the day is today", () => {
    render([row(1, replaced), row(2)]);
    const banner = [...dom.container.querySelectorAll('[role="alert"], .mantine-Alert-root')].find((el) =>
      el.textContent?.includes("Today's Reward Ready!"),
    );
    expect(banner?.textContent).toContain('Day 1: Day 1 Check-in Badge');
    expect(banner?.textContent).toContain(NOTE);
  });

  it('names no brand when the server kept only the title', () => {
    render([row(3, { replaced_brand_name: null, replaced_title: 'Night Shift Drop' })]);
    expect(cell(3).getAttribute('aria-label')).toMatch(/\(replaces a brand's code\)$/);
    act(() => cell(3).click());
    expect(document.body.textContent).toContain(
      "Replaces a brand's code (Night Shift Drop): the brand ended its campaign early.",
    );
  });
});
