/**
 * The demo seed for `npm start`, through the backend's own HTTP APIs (GoTrue,
 * PostgREST, Storage) — never SQL. Invariants: idempotent (accounts signed in when they exist,
 * objects and rows looked up by their fixed paths before writing); a demo artist with tracks at
 * different tiers and prices for Tier 1-3, a demo fan following on Tier 1 — paid for real on the
 * local Stripe edge (create-checkout, the hosted page with the 4242 test card, the webhook grants
 * it) — a second demo fan on the free tier, and a Daily Rewards code offer of the artist (its
 * followers find it in their calendars); real sign-ups get none of it.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { toneWav } from '../../src/features/locker/offline-media/tone-wav';
import { LOCAL_ANON_KEY } from '../../supabase/local/keys';

export const DEMO_ACCOUNTS = {
  artist: { email: 'demo-artist@bucket.local', password: 'bucket-demo-artist', name: 'Nova Static' },
  fan: { email: 'demo-fan@bucket.local', password: 'bucket-demo-fan', name: 'Demo Fan' },
  freeFan: { email: 'demo-free-fan@bucket.local', password: 'bucket-demo-free-fan', name: 'Demo Free Fan' },
} as const;

const TRACKS = [
  { title: 'Night Bus Home', tier: 'free', isPublic: true, genre: 'Electronic', seconds: 20 },
  { title: 'Signal Fade', tier: 'tier1', isPublic: true, genre: 'Electronic', seconds: 24 },
  { title: 'Undertow Sessions', tier: 'tier2', isPublic: true, genre: 'Alternative', seconds: 28 },
] as const;

const INTERESTS = ['Discovering new music', 'Supporting independent artists', 'Underground scenes'];
// Node 20 has no global WebSocket; supabase-js's realtime client needs one passed in (never used here).
const options = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  realtime: { transport: WebSocket as never },
};

/** Signs the account in, creating it first when it does not exist yet (sign-up, no mailer needed). */
async function ensureUser(url: string, account: { email: string; password: string }) {
  const client = createClient(url, LOCAL_ANON_KEY, options);
  const signIn = await client.auth.signInWithPassword(account);
  if (!signIn.error) return { client, userId: signIn.data.user.id };
  const signUp = await client.auth.signUp(account);
  if (signUp.error) throw new Error(`demo seed: sign-up of ${account.email} failed: ${signUp.error.message}`);
  const again = signUp.data.session ? signUp : await client.auth.signInWithPassword(account);
  if (again.error || !again.data.user) throw new Error(`demo seed: cannot sign in ${account.email}`);
  return { client, userId: again.data.user.id };
}

async function check<T>(
  what: string,
  request: PromiseLike<{ data: T; error: { message: string } | null }>,
): Promise<T> {
  const { data, error } = await request;
  if (error) throw new Error(`demo seed: ${what}: ${error.message}`);
  return data;
}

/** Profile with onboarding done and the role's MediaID, as onboarding would leave them. */
async function setUpRole(client: SupabaseClient, userId: string, role: 'fan' | 'artist', name: string) {
  await check(
    'profile',
    client.from('profiles').upsert({ id: userId, display_name: name, role, onboarding_completed: true }),
  );
  await check(
    'MediaID',
    client
      .from('media_ids')
      .upsert({ user_uuid: userId, role, interests: INTERESTS, location_code: 'US' }, { onConflict: 'user_uuid,role' }),
  );
}

async function verifyUpload(client: SupabaseClient, path: string): Promise<{ ok: boolean; message?: string }> {
  const { data, error } = await client.functions.invoke('verify-upload', { body: { path } });
  if (!error) return data as { ok: boolean };
  return { ok: false, message: error.message };
}

async function publishTracks(client: SupabaseClient, artistId: string) {
  for (const [index, track] of TRACKS.entries()) {
    const path = `${artistId}/${1_700_000_000_000 + index}-${track.title.replace(/\s+/g, '-')}.wav`;
    const existing = await check('content lookup', client.from('content_items').select('id').eq('file_path', path));
    if ((existing ?? []).length > 0) continue;
    const bytes = toneWav(track.title, { seconds: track.seconds });
    const upload = await client.storage
      .from('content')
      .upload(path, new Blob([bytes], { type: 'audio/wav' }), { cacheControl: '3600', upsert: false });
    if (upload.error && !/exists/i.test(upload.error.message))
      throw new Error(`demo seed: upload: ${upload.error.message}`);
    // The server checks the stored bytes before the track can reach fans (as the app's outbox does).
    const verified = await verifyUpload(client, path);
    if (!verified.ok) throw new Error(`demo seed: the server refused ${path}: ${verified.message}`);
    await check(
      'content row',
      client.from('content_items').insert({
        artist_id: artistId,
        title: track.title,
        description: `${track.title} — a demo track from ${DEMO_ACCOUNTS.artist.name}.`,
        file_path: path,
        file_type: 'audio/wav',
        file_size: bytes.byteLength,
        metadata: { album: 'Demo Tapes', genre: track.genre, tags: [], credits: '', collaborators: [] },
        is_public: track.isPublic,
        subscription_tier_required: track.tier,
      }),
    );
  }
}

async function follow(client: SupabaseClient, fanId: string, artistId: string) {
  const id = `${fanId}|${artistId}`;
  const existing = await check('follow lookup', client.from('subscriptions').select('id, _deleted').eq('id', id));
  if ((existing ?? []).length === 0) {
    await check(
      'follow',
      client
        .from('subscriptions')
        .insert({ fan_id: fanId, artist_id: artistId, artist_name: DEMO_ACCOUNTS.artist.name }),
    );
  }
}

/** The spec's prices (§ sample data): Tier 1 $5, Tier 2 $10, Tier 3 $20 a month; an artist's edits stay. */
const DEMO_TIERS = [
  { level: 1, name: 'Supporter', price: 5, benefits: ['Tier 1 tracks', 'Monthly studio notes'] },
  { level: 2, name: 'Insider', price: 10, benefits: ['Tier 1 and 2 tracks', 'Early access to drops'] },
  { level: 3, name: 'Inner Circle', price: 20, benefits: ['Every track', 'Stems and demos', 'Name in the credits'] },
];

async function setTiers(client: SupabaseClient, artistId: string) {
  await check(
    'tiers',
    client.from('artist_tiers').upsert(
      DEMO_TIERS.map((t) => ({ ...t, artist_id: artistId })),
      { onConflict: 'artist_id,level', ignoreDuplicates: true },
    ),
  );
}

/**
 * Tier 1 paid through the product's own path on the local Stripe edge. With real Stripe (no
 * hosted page to post to) the payment is skipped and the fan stays free until they pay.
 */
async function payTier1(fan: { client: SupabaseClient; userId: string }, artistId: string) {
  const current = await check(
    'paid lookup',
    fan.client.from('subscriptions').select('tier').eq('id', `${fan.userId}|${artistId}`),
  );
  if (current?.[0]?.tier === 'tier1') return;
  const { data, error } = await fan.client.functions.invoke('create-checkout', {
    body: { artist_id: artistId, level: 1, return_url: 'http://localhost:4173/dashboard/fan' },
  });
  const checkoutUrl = (data as { url?: string } | null)?.url;
  if (error || !checkoutUrl) throw new Error(`demo seed: checkout: ${error?.message ?? 'no url'}`);
  if (!/^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(checkoutUrl)) {
    console.warn('[demo seed] real Stripe is configured: the demo fan stays on the free tier until they pay');
    return;
  }
  const form = new URLSearchParams({
    email: DEMO_ACCOUNTS.fan.email,
    cardnumber: '4242424242424242',
    exp: '12 / 34',
    cvc: '123',
    name: DEMO_ACCOUNTS.fan.name,
  });
  const paid = await fetch(checkoutUrl, { method: 'POST', body: form, redirect: 'manual' });
  if (paid.status !== 303) throw new Error(`demo seed: the local checkout answered ${paid.status}`);
  // the webhook grants the tier: wait for it (a few hundred ms locally)
  for (let i = 0; i < 50; i += 1) {
    const row = await check(
      'paid lookup',
      fan.client.from('subscriptions').select('tier').eq('id', `${fan.userId}|${artistId}`),
    );
    if (row?.[0]?.tier === 'tier1') return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('demo seed: the Stripe webhook did not grant Tier 1 within 10 s');
}

const DEMO_REWARD = 'Nova Static tote bag (code)';

/** A Daily Rewards offer of the demo artist (once): 50 codes for every follower over 60 days. */
async function putUpDemoReward(client: SupabaseClient) {
  const offers = await check('reward lookup', client.rpc('my_reward_offers'));
  if (((offers ?? []) as { title: string }[]).some((o) => o.title === DEMO_REWARD)) return;
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  await check(
    'reward',
    client.rpc('put_up_reward', {
      p_kind: 'code',
      p_title: DEMO_REWARD,
      p_description: 'A free tote bag at the merch stand: show this code.',
      p_tier: 0,
      p_quantity: null,
      p_starts_on: day(0),
      p_ends_on: day(60),
      p_codes: Array.from({ length: 50 }, (_, i) => `NOVA-TOTE-${String(i + 1).padStart(2, '0')}`),
    }),
  );
}

export async function seedDemo(url: string): Promise<void> {
  const artist = await ensureUser(url, DEMO_ACCOUNTS.artist);
  await setUpRole(artist.client, artist.userId, 'artist', DEMO_ACCOUNTS.artist.name);
  await publishTracks(artist.client, artist.userId);
  await setTiers(artist.client, artist.userId);
  await putUpDemoReward(artist.client);

  const fan = await ensureUser(url, DEMO_ACCOUNTS.fan);
  await setUpRole(fan.client, fan.userId, 'fan', DEMO_ACCOUNTS.fan.name);
  await follow(fan.client, fan.userId, artist.userId);
  await payTier1(fan, artist.userId);

  const freeFan = await ensureUser(url, DEMO_ACCOUNTS.freeFan);
  await setUpRole(freeFan.client, freeFan.userId, 'fan', DEMO_ACCOUNTS.freeFan.name);
  await follow(freeFan.client, freeFan.userId, artist.userId);
}
