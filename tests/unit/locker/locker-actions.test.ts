import { describe, expect, it } from 'vitest';
import {
  applyReaction,
  canComment,
  commentBlockedLabel,
  sortLockerItems,
  toggleSaved,
} from '../../../src/features/locker/locker-actions';
import { buildSampleLockerItems } from '../../../src/features/locker/sample-locker-items';

const [item] = buildSampleLockerItems(new Date('2026-11-20T12:00:00Z')).filter((i) => i.userReaction === null);

describe('locker interactions', () => {
  it('adds, moves and removes the one reaction a fan has', () => {
    const hearted = applyReaction(item!, 'heart');
    expect(hearted.userReaction).toBe('heart');
    expect(hearted.reactions.heart).toBe(item!.reactions.heart + 1);
    const fired = applyReaction(hearted, 'fire');
    expect(fired.reactions.heart).toBe(item!.reactions.heart);
    expect(fired.reactions.fire).toBe(item!.reactions.fire + 1);
    const cleared = applyReaction(fired, 'fire');
    expect(cleared.userReaction).toBeNull();
    expect(cleared.reactions).toEqual(item!.reactions);
  });
  it('toggles saved', () => {
    expect(toggleSaved(toggleSaved(item!)).isSaved).toBe(item!.isSaved);
  });
  it('blocks comments below fanTierRequired with the spec text', () => {
    expect(canComment(2, { fanTierRequired: 3 })).toBe(false);
    expect(canComment(3, { fanTierRequired: 3 })).toBe(true);
    expect(commentBlockedLabel({ fanTierRequired: 3 })).toBe('Tier 3+ Required to Comment');
  });
  it('orders by priority, then by time left', () => {
    const sorted = sortLockerItems([
      { ...item!, id: 'b', priority: 2, timeLeft: 10 },
      { ...item!, id: 'a', priority: 1, timeLeft: 500 },
      { ...item!, id: 'c', priority: 2, timeLeft: 5 },
    ]);
    expect(sorted.map((i) => i.id)).toEqual(['a', 'c', 'b']);
  });
});
