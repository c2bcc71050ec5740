/**
 * What a fan gets of a real artist's item, through @supabase/supabase-js (issue 13 item 4, on the
 * entitlement migration): a follower with the tier reads the row and downloads the object; a
 * non-follower and a lower-tier follower get the public fields only (content_previews /
 * followed_content) and a refusal for the object, by download and by signed URL. The server's
 * answers are checked against the one pure rule the UI uses (sync/fans/entitlement.ts).
 * The artist directory counts followers and plays from the source rows, not from the client.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canAccessContent, type ContentTier } from '../../../sync/fans/entitlement';
import {
  createArtistClient,
  createUserClient,
  serviceClient,
  uniqueEmail,
  withBackend,
  type LocalBackend,
} from '../helpers/backend';
import { storeVerifiedObject } from '../../fixtures/stored-objects';

let backend: LocalBackend;
let artist: { client: SupabaseClient; id: string };
type Fan = { client: SupabaseClient; id: string; tier: ContentTier | null };
let tier2Fan: Fan;
let freeFan: Fan;
let stranger: Fan;
const items: { id: string; path: string; tier: ContentTier; isPublic: boolean }[] = [];

async function fan(tag: string, tier: ContentTier | null): Promise<Fan> {
  const made = await createUserClient(backend, uniqueEmail(tag), `${tag}-pass`);
  if (tier) {
    const follow = await made.client
      .from('subscriptions')
      .insert({ fan_id: made.user.id, artist_id: artist.id, artist_name: 'A' });
    expect(follow.error).toBeNull();
    if (tier !== 'free') {
      const grant = await serviceClient(backend)
        .from('subscriptions')
        .update({ tier })
        .eq('id', `${made.user.id}|${artist.id}`);
      expect(grant.error).toBeNull();
    }
  }
  return { client: made.client, id: made.user.id, tier };
}

beforeAll(async () => {
  backend = await withBackend();
  const made = await createArtistClient(backend, uniqueEmail('artist'), 'artist-pass');
  artist = { client: made.client, id: made.user.id };
  const specs: [string, ContentTier, boolean][] = [
    ['open', 'free', true],
    ['tier2', 'tier2', true],
    ['draft', 'tier1', false],
  ];
  for (const [index, [name, tier, isPublic]] of specs.entries()) {
    const path = `${artist.id}/1-${name}.wav`;
    // A real WAV the server verified: only verified files are ever released.
    const bytes = await storeVerifiedObject(artist.client, path, 'audio/wav', index);
    const row = await artist.client
      .from('content_items')
      .insert({
        artist_id: artist.id,
        title: name,
        file_path: path,
        file_type: 'audio/wav',
        file_size: bytes.length,
        is_public: isPublic,
        subscription_tier_required: tier,
        description: 'private notes',
      })
      .select('id')
      .single();
    expect(row.error).toBeNull();
    items.push({ id: row.data!.id as string, path, tier, isPublic });
  }
  tier2Fan = await fan('tier2-fan', 'tier2');
  freeFan = await fan('free-fan', 'free');
  stranger = await fan('stranger', null);
});

afterAll(async () => {
  await backend?.stop();
});

describe('content access matches the one rule, row and object', () => {
  it('row, download and signed URL are allowed exactly when canAccessContent says so', async () => {
    for (const who of [tier2Fan, freeFan, stranger]) {
      for (const item of items) {
        const expected = canAccessContent(
          { artistId: artist.id, isPublic: item.isPublic, unlockDate: null, tierRequired: item.tier },
          { userId: who.id, followTier: who.tier },
        );
        const label = `${who.tier ?? 'stranger'} → ${item.tier}${item.isPublic ? '' : ' (unreleased)'}`;
        const row = await who.client.from('content_items').select('id, file_path, description').eq('id', item.id);
        expect(row.data?.length ?? 0, `row ${label}`).toBe(expected ? 1 : 0);
        const download = await who.client.storage.from('content').download(item.path);
        expect(download.error === null, `download ${label}`).toBe(expected);
        const signed = await who.client.storage.from('content').createSignedUrl(item.path, 60);
        expect(signed.error === null, `signed URL ${label}`).toBe(expected);
      }
    }
    // The expectations are not vacuous: the tier-2 follower gets open + tier2; the others open only.
    expect(
      items
        .filter((i) =>
          canAccessContent(
            { artistId: artist.id, isPublic: i.isPublic, unlockDate: null, tierRequired: i.tier },
            { userId: tier2Fan.id, followTier: 'tier2' },
          ),
        )
        .map((i) => i.tier),
    ).toEqual(['free', 'tier2']);
  });

  it('the object of a locked item stays refused when fetched raw with the fan’s token', async () => {
    const tier2 = items.find((i) => i.tier === 'tier2')!;
    const token = (await freeFan.client.auth.getSession()).data.session!.access_token;
    const res = await fetch(`${backend.url}/storage/v1/object/authenticated/content/${tier2.path}`, {
      headers: { apikey: backend.anonKey, authorization: `Bearer ${token}` },
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(await res.text()).not.toContain('RIFF');
  });

  it('a lower-tier follower sees the locked item in followed_content with public fields only', async () => {
    const rows = await freeFan.client.from('followed_content').select('*').order('title');
    expect(rows.error).toBeNull();
    const byTitle = new Map(rows.data!.map((r) => [r.title as string, r]));
    expect(byTitle.get('open')).toMatchObject({
      locked: false,
      file_path: items[0]!.path,
      description: 'private notes',
    });
    expect(byTitle.get('tier2')).toMatchObject({
      locked: true,
      file_path: null,
      description: null,
      file_size: null,
      metadata: {},
    });
    // A draft is the artist's own: followers get at most a tombstone, never its title.
    expect(byTitle.has('draft')).toBe(false);
    expect(rows.data!.filter((r) => !r._deleted)).toHaveLength(2);
    // A non-follower gets nothing from the follower view, and never another fan's rows.
    expect((await stranger.client.from('followed_content').select('id')).data).toEqual([]);
  });

  it('the artist directory counts real followers and plays; clients cannot write it', async () => {
    const dir = await stranger.client
      .from('artist_directory')
      .select('followers, plays, items')
      .eq('artist_id', artist.id)
      .single();
    expect(dir.data).toMatchObject({ followers: 2, plays: 0, items: 2 }); // released items: not the draft
    const open = items[0]!;
    const play = await tier2Fan.client
      .from('media_engagement_log')
      .insert({
        user_id: tier2Fan.id,
        event_type: 'track_played',
        metadata: { content_id: open.id, artist_id: 'someone-else' },
      });
    expect(play.error).toBeNull();
    const after = await artist.client
      .from('artist_directory')
      .select('followers, plays')
      .eq('artist_id', artist.id)
      .single();
    expect(after.data).toMatchObject({ followers: 2, plays: 1 });
    const forged = await stranger.client
      .from('artist_directory')
      .update({ followers: 1000 })
      .eq('artist_id', artist.id)
      .select();
    expect(forged.error ?? forged.data?.length === 0).toBeTruthy();
    const anon = await fetch(`${backend.url}/rest/v1/artist_directory?select=*`, {
      headers: { apikey: backend.anonKey },
    });
    expect(anon.status).toBeGreaterThanOrEqual(400);
  });
});
