import { describe, expect, it } from 'vitest';
import { fanDisplayName } from '../../../src/features/fan/display-name';
import { fanTierFromSubscriptions, monthlySpend } from '../../../src/features/fan/fan-tier';

describe('fanDisplayName', () => {
  it('prefers user metadata, then the e-mail local part', () => {
    expect(fanDisplayName({ id: 'u', email: 'a@b.c', user_metadata: { display_name: ' Riley ' } })).toBe('Riley');
    expect(fanDisplayName({ id: 'u', email: 'a@b.c', user_metadata: { full_name: 'Sam Lee' } })).toBe('Sam Lee');
    expect(fanDisplayName({ id: 'u', email: 'jo.fan@example.com' })).toBe('jo.fan');
    expect(fanDisplayName(null)).toBe('Fan');
  });
});

describe('fan tier', () => {
  it('is the highest subscribed tier, 0 without subscriptions', () => {
    expect(fanTierFromSubscriptions([])).toBe(0);
    expect(fanTierFromSubscriptions([{ tier: 'tier1' }, { tier: 'tier3' }, { tier: 'free' }])).toBe(3);
    expect(monthlySpend([{ price: 5 }, { price: 8 }])).toBe(13);
  });
});
