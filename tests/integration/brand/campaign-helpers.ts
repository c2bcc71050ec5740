/** Shared by the brand campaign tests: brands, fans with MediaID switches, and a campaign launch. */
import type { SupabaseClient } from '@supabase/supabase-js';
import { createUserClient, uniqueEmail, type LocalBackend } from '../helpers/backend';
import { isoDay } from '../fan/reward-helpers';

export type Who = { client: SupabaseClient; id: string };
/** A brand, with the backend whose calendar jobs deliver what it launches. */
export type Brand = Who & { backend: LocalBackend };

/** A user holding the brand role with a chosen public name. */
export async function brandClient(backend: LocalBackend, name: string): Promise<Brand> {
  const made = await createUserClient(backend, uniqueEmail('brand'), 'secret-password-1', { role: 'brand' });
  const m = await made.client.from('media_ids').insert({ user_uuid: made.user.id, role: 'brand' });
  if (m.error) throw new Error(m.error.message);
  const p = await made.client.from('profiles').upsert({ id: made.user.id, display_name: name, role: 'brand' });
  if (p.error) throw new Error(p.error.message);
  return { client: made.client, id: made.user.id, backend };
}

/** A fan with a fan MediaID: their genres, and whether brand offers (marketing_communications) are on. */
export async function fanClient(
  backend: LocalBackend,
  tag: string,
  opts: { genres?: string[]; brandOffers?: boolean } = {},
): Promise<Who> {
  const made = await createUserClient(backend, uniqueEmail(tag), 'secret-password-1');
  const m = await made.client.from('media_ids').insert({
    user_uuid: made.user.id,
    role: 'fan',
    genre_preferences: opts.genres ?? [],
    privacy_settings: {
      data_sharing: true,
      location_access: false,
      audio_capture: false,
      anonymous_logging: true,
      marketing_communications: opts.brandOffers ?? false,
    },
  });
  if (m.error) throw new Error(m.error.message);
  return { client: made.client, id: made.user.id };
}

export const campaignRow = (brand: string, over: Record<string, unknown> = {}) => ({
  brand_id: brand,
  title: 'Hear It Raw',
  cultural_context: 'Warehouse nights, one synth line.',
  genres: ['Electronic'],
  min_followers: 0,
  budget_cents: 10_000,
  payout_model: 'per_code',
  payout_per_code_cents: 100,
  starts_on: isoDay(0),
  ends_on: isoDay(30),
  ...over,
});

/**
 * Inserts a campaign and its codes as the brand, as the Create Campaign form does, and returns once
 * the calendar jobs the codes queued have filled the consenting fans' calendars.
 */
export async function launch(brand: Brand, codes: string[], over: Record<string, unknown> = {}): Promise<string> {
  const made = await brand.client.from('brand_campaigns').insert(campaignRow(brand.id, over)).select('id').single();
  if (made.error) throw new Error(made.error.message);
  const id = (made.data as { id: string }).id;
  if (codes.length) {
    const added = await brand.client.from('campaign_codes').insert(codes.map((code) => ({ campaign_id: id, code })));
    if (added.error) throw new Error(added.error.message);
    await brand.backend.calendarJobs.runNow();
  }
  return id;
}

export const codesNamed = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${prefix}-${String(i).padStart(4, '0')}`);
