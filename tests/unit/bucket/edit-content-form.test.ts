import { describe, expect, it } from 'vitest';
import {
  editContentRules,
  fromLocalInput,
  initialEditValues,
  toContentEdit,
  toLocalInput,
  type EditContentValues,
} from '../../../src/features/bucket/edit-content-form';

const NOW = new Date(2026, 10, 26, 12, 0).getTime(); // device-local time, as the input is
const now = () => NOW;

const base: EditContentValues = {
  title: 'Song',
  description: '',
  tier: 'free',
  isPublic: false,
  unlockDate: '',
};

function errors(values: EditContentValues, initial: EditContentValues = base) {
  const rules = editContentRules(initial, now);
  return {
    title: rules.title(values.title),
    description: rules.description(values.description),
    unlockDate: rules.unlockDate(values.unlockDate, values),
  };
}

describe('edit form validation', () => {
  it('a title is required (blank is not a title)', () => {
    expect(errors({ ...base, title: '   ' }).title).toBe('Title is required');
    expect(errors({ ...base, title: 'x'.repeat(201) }).title).toMatch(/at most 200/);
    expect(errors(base).title).toBeNull();
  });

  it('a newly set unlock date must be in the future', () => {
    expect(errors({ ...base, unlockDate: '2026-11-26T11:59' }).unlockDate).toBe('Unlock date must be in the future');
    expect(errors({ ...base, unlockDate: '2026-11-26T12:00' }).unlockDate).toBe('Unlock date must be in the future');
    expect(errors({ ...base, unlockDate: '2026-11-26T12:01' }).unlockDate).toBeNull();
    expect(errors({ ...base, unlockDate: 'not a date' }).unlockDate).toBe('Enter a valid date and time');
  });

  it('an unchanged past unlock date (released by date) stands; no date or public needs none', () => {
    const released = { ...base, unlockDate: '2026-11-01T09:00' };
    expect(errors(released, released).unlockDate).toBeNull();
    expect(errors({ ...base, unlockDate: '' }).unlockDate).toBeNull();
    expect(errors({ ...base, isPublic: true, unlockDate: '2020-01-01T00:00' }).unlockDate).toBeNull();
  });
});

describe('edit form values ↔ the local write', () => {
  it('starts from the item (a public item shows no unlock date) and round-trips the date', () => {
    const iso = new Date(2026, 11, 3, 21, 30).toISOString();
    expect(toLocalInput(iso)).toBe('2026-12-03T21:30');
    expect(fromLocalInput('2026-12-03T21:30')).toBe(iso);
    expect(
      initialEditValues({
        title: 'T',
        description: null,
        subscription_tier_required: 'tier2',
        is_public: false,
        unlock_date: iso,
      }),
    ).toEqual({ title: 'T', description: '', tier: 'tier2', isPublic: false, unlockDate: '2026-12-03T21:30' });
    expect(
      initialEditValues({
        title: 'T',
        description: 'd',
        subscription_tier_required: 'free',
        is_public: true,
        unlock_date: iso,
      }).unlockDate,
    ).toBe('');
  });

  it('public clears the unlock date; trims title and description; empty description is null', () => {
    expect(
      toContentEdit({
        title: ' New ',
        description: '  ',
        tier: 'tier1',
        isPublic: true,
        unlockDate: '2026-12-03T21:30',
      }),
    ).toEqual({
      title: 'New',
      description: null,
      subscription_tier_required: 'tier1',
      is_public: true,
      unlock_date: null,
    });
    expect(toContentEdit({ ...base, unlockDate: '2026-12-03T21:30' }).unlock_date).toBe(
      new Date(2026, 11, 3, 21, 30).toISOString(),
    );
    expect(toContentEdit(base)).toMatchObject({ is_public: false, unlock_date: null });
  });
});
